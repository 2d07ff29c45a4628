export { qrCodeFilename, qrCodePath, ShareSheet, type ShareSheetProps } from './ShareSheet';
