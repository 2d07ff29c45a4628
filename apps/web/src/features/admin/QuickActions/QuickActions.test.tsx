import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { QuickActions } from './QuickActions';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('QuickActions', () => {
  it('opens the create dialog and goes to the reminders', () => {
    const onCreateSheet = vi.fn();
    const onSendReminders = vi.fn();
    renderWithProviders(<QuickActions onCreateSheet={onCreateSheet} onSendReminders={onSendReminders} />);
    expect(screen.getByRole('group', { name: 'Create New Signup Sheet' })).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'New Signup Sheet' }));
    fireEvent.click(screen.getByRole('button', { name: 'Go to Reminders' }));
    expect(onCreateSheet).toHaveBeenCalledOnce();
    expect(onSendReminders).toHaveBeenCalledOnce();
  });

  it("says 'Export Failed' with the server's sentence when the export is refused", async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ message: 'Admin access required', code: 'FORBIDDEN' }), { status: 403 }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<QuickActions onCreateSheet={vi.fn()} onSendReminders={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(screen.getByText('Export Failed')).toBeDefined());
    expect(screen.getByText('Admin access required')).toBeDefined();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/export/volunteers',
      expect.objectContaining({ credentials: 'include' }),
    );
  });
});
