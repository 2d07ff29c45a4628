export { LocationLine, type LocationLineProps } from './LocationLine';
