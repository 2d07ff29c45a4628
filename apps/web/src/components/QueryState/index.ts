export {
  CenteredLoader,
  LoadFailed,
  type LoadFailedProps,
  loadFailedText,
  LoadingRows,
  type LoadingRowsProps,
  QueryState,
  type QueryStateProps,
  type QueryStatus,
} from './QueryState';
