export { AfterPaint, type AfterPaintProps } from './AfterPaint';
