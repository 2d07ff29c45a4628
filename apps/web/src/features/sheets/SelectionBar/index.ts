export { SelectionBar, type SelectionBarProps } from './SelectionBar';
