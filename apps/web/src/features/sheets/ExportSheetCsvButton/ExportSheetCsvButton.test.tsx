import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { ExportSheetCsvButton } from './ExportSheetCsvButton';

describe('ExportSheetCsvButton', () => {
  it("asks for that sheet's CSV only, and says 'Export Failed' with the server's sentence when refused", async () => {
    const fetchImpl = vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ message: 'You can only manage your own signup sheets', code: 'FORBIDDEN' }), {
          status: 403,
        }),
      ),
    );
    renderWithProviders(<ExportSheetCsvButton sheet={{ id: 7, title: 'Pizza Lunch' }} fetchImpl={fetchImpl} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export volunteers of Pizza Lunch as CSV' }));
    await waitFor(() => expect(screen.getByText('Export Failed')).toBeDefined());
    expect(screen.getByText('You can only manage your own signup sheets')).toBeDefined();
    expect(fetchImpl).toHaveBeenCalledWith(
      '/api/export/volunteers?signupSheetId=7',
      expect.objectContaining({ credentials: 'include' }),
    );
  });
});
