export { NewsItem, type NewsItemProps } from './NewsItem';
