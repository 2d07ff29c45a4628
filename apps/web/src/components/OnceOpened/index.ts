export { OnceOpened, type OnceOpenedProps } from './OnceOpened';
