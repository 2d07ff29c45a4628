import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { notifyFailureText } from './notify';
import { downloadFile } from './uploads';

/**
 * Downloads a volunteer export (the CSV the server makes) as a file, with its state for the button
 * and SPEC.md's 'Export Failed' toast (the server's sentence, else the fallback) when it fails.
 */
export function useCsvExport(fetchImpl?: typeof globalThis.fetch) {
  const { i18n } = useLingui();
  const [exporting, setExporting] = useState(false);
  const exportCsv = async (path: string, filename: string) => {
    setExporting(true);
    try {
      await downloadFile(path, filename, fetchImpl);
    } catch (error) {
      notifyFailureText(
        i18n._('Export Failed'),
        error instanceof Error && error.message !== '' ? error.message : i18n._('Failed to export volunteer data.'),
      );
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportCsv };
}
