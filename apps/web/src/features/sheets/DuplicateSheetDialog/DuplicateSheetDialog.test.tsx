import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakeTrpcError, fakeTrpc } from '../../../../test/fakeTrpc';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { schoolDate } from '../../../../test/schoolTime';
import { defaultDuplicateDate, describeShift, DuplicateSheetDialog, SheetDuplicateForm } from './DuplicateSheetDialog';

const sheet = { id: 5, title: 'Spring Fair', eventDate: schoolDate(2031, 4, 3, 17, 0), slots: [{}, {}] };
const dateInput = () => screen.getByLabelText<HTMLInputElement>(/^New Event Date/);

describe('describeShift', () => {
  it('says how far the slots move, to the minute', () => {
    const hour = 3_600_000;
    expect(describeShift(7 * 24 * hour)).toBe('7 days later');
    expect(describeShift(-(24 * hour + 2 * hour + 30 * 60_000))).toBe('1 day, 2 hours, 30 minutes earlier');
    expect(describeShift(hour)).toBe('1 hour later');
    expect(describeShift(0)).toBe('not at all');
  });
});

describe('SheetDuplicateForm', () => {
  it('suggests the same time one week later and says what is copied', () => {
    renderWithProviders(<SheetDuplicateForm sheet={sheet} onSubmit={vi.fn()} onCancel={vi.fn()} />);
    expect(defaultDuplicateDate(sheet.eventDate)).toEqual(schoolDate(2031, 4, 10, 17, 0));
    expect(dateInput().value).toBe('2031-05-10T17:00');
    expect(screen.getByText(/with 2 volunteer slots and no volunteers/)).toBeDefined();
    expect(screen.getByText('Each slot moves by the same amount: 7 days later.')).toBeDefined();
  });

  it("says 'Event date is required' without a date, and hands over the chosen one", () => {
    const onSubmit = vi.fn();
    renderWithProviders(<SheetDuplicateForm sheet={sheet} onSubmit={onSubmit} onCancel={vi.fn()} />);
    fireEvent.change(dateInput(), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate Sheet' }));
    expect(screen.getByText('Event date is required')).toBeDefined();
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(dateInput(), { target: { value: '2031-06-01T09:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate Sheet' }));
    expect(onSubmit).toHaveBeenCalledWith({ id: 5, eventDate: schoolDate(2031, 5, 1, 9, 30) });
  });
});

describe('DuplicateSheetDialog', () => {
  it('duplicates through the server, closes and confirms', async () => {
    const server = fakeTrpc({
      'sheets.duplicate': (value) => ({ ...sheet, ...(value as object), id: 9, slots: [] }),
    });
    const onClose = vi.fn();
    renderWithProviders(<DuplicateSheetDialog opened sheet={sheet} onClose={onClose} />, { fetch: server.fetch });
    expect(screen.getByRole('dialog', { name: 'Duplicate Signup Sheet' })).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate Sheet' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.calls.find((c) => c.path === 'sheets.duplicate')?.input).toEqual({
      id: 5,
      eventDate: schoolDate(2031, 4, 10, 17, 0),
    });
    expect(await screen.findByText('Signup Sheet Duplicated')).toBeDefined();
  });

  it("shows the server's reason when it refuses", async () => {
    const server = fakeTrpc({
      'sheets.duplicate': () => {
        throw new FakeTrpcError('FORBIDDEN', 'You can only manage your own signup sheets');
      },
    });
    const onClose = vi.fn();
    renderWithProviders(<DuplicateSheetDialog opened sheet={sheet} onClose={onClose} />, { fetch: server.fetch });
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate Sheet' }));
    expect(await screen.findByText('You can only manage your own signup sheets')).toBeDefined();
    expect(screen.getByText('Duplicate Failed')).toBeDefined();
    expect(onClose).not.toHaveBeenCalled();
  });
});
