export { ExportSheetCsvButton, type ExportSheetCsvButtonProps } from './ExportSheetCsvButton';
