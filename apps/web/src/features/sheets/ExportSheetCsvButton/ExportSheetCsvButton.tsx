import { ActionIcon, Tooltip } from '@mantine/core';
import { DownloadIcon } from '../../../components/Icons';
import { sheetVolunteerExport } from '../../../lib/uploads';
import { useCsvExport } from '../../../lib/useCsvExport';

export interface ExportSheetCsvButtonProps {
  sheet: { id: number; title: string };
  /** The download (tests pass their own); the browser's fetch by default. */
  fetchImpl?: typeof globalThis.fetch;
}

/** The CSV export of one sheet the caller runs: downloads that sheet's volunteers as volunteer-data-{id}.csv. */
export function ExportSheetCsvButton({ sheet, fetchImpl }: ExportSheetCsvButtonProps) {
  const { exporting, exportCsv: download } = useCsvExport(fetchImpl);
  const exportCsv = () => {
    const { path, filename } = sheetVolunteerExport(sheet.id);
    return download(path, filename);
  };
  return (
    <Tooltip label="Export this sheet's volunteers (CSV)">
      <ActionIcon
        variant="subtle"
        loading={exporting}
        onClick={() => void exportCsv()}
        aria-label={`Export volunteers of ${sheet.title} as CSV`}
      >
        <DownloadIcon />
      </ActionIcon>
    </Tooltip>
  );
}
