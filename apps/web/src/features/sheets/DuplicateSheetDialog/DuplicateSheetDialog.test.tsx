import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18nFor } from '@pac/i18n/server';
import { FakeTrpcError, fakeTrpc } from '../../../../test/fakeTrpc';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { schoolDate } from '../../../../test/schoolTime';
import {
  defaultDuplicateDate,
  describeShift,
  DuplicateSheetDialog,
  repeatDates,
  SheetDuplicateForm,
} from './DuplicateSheetDialog';

const i18n = i18nFor('en');

const sheet = { id: 5, title: 'Spring Fair', eventDate: schoolDate(2031, 4, 3, 17, 0), slots: [{}, {}] };
const dateInput = () => screen.getByLabelText<HTMLInputElement>(/^New Event Date/);

describe('describeShift', () => {
  it('says how far the slots move, to the minute', () => {
    const hour = 3_600_000;
    expect(describeShift(i18n, 7 * 24 * hour)).toBe('7 days later');
    expect(describeShift(i18n, -(24 * hour + 2 * hour + 30 * 60_000))).toBe('1 day, 2 hours, 30 minutes earlier');
    expect(describeShift(i18n, hour)).toBe('1 hour later');
    expect(describeShift(i18n, 0)).toBe('not at all');
  });
});

describe('repeatDates', () => {
  it('repeats weekly, every two weeks and monthly on the school’s clock', () => {
    expect(repeatDates('2031-03-01T10:00', 'week', 3)).toEqual([
      '2031-03-01T10:00',
      '2031-03-08T10:00',
      '2031-03-15T10:00',
    ]);
    // Across the change to daylight time (2031-03-09 in Vancouver) the wall time stays.
    expect(repeatDates('2031-03-05T18:30', 'twoWeeks', 2)).toEqual(['2031-03-05T18:30', '2031-03-19T18:30']);
    // A month without the 31st takes its last day; the year rolls over.
    expect(repeatDates('2031-12-31T09:00', 'month', 3)).toEqual([
      '2031-12-31T09:00',
      '2032-01-31T09:00',
      '2032-02-29T09:00',
    ]);
    expect(repeatDates('', 'week', 3)).toEqual([]);
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
    expect(onSubmit).toHaveBeenCalledWith({ kind: 'one', input: { id: 5, eventDate: schoolDate(2031, 5, 1, 9, 30) } });
  });
});

describe('SheetDuplicateForm: a series', () => {
  it("adds dates a week apart with 'Add another date', counts the copies, and hands over the series", () => {
    const onSubmit = vi.fn();
    renderWithProviders(<SheetDuplicateForm sheet={sheet} onSubmit={onSubmit} onCancel={vi.fn()} />);
    expect(screen.getByText('Creates 1 copy')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Add another date' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add another date' }));
    expect(screen.getByLabelText<HTMLInputElement>(/^Event Date 2/).value).toBe('2031-05-17T17:00');
    expect(screen.getByLabelText<HTMLInputElement>(/^Event Date 3/).value).toBe('2031-05-24T17:00');
    expect(screen.getByText('Creates 3 copies')).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: 'Remove date 2' }));
    expect(screen.getByText('Creates 2 copies')).toBeDefined();
    expect(screen.getByLabelText<HTMLInputElement>(/^Event Date 2/).value).toBe('2031-05-24T17:00');

    fireEvent.click(screen.getByRole('button', { name: 'Duplicate Sheet' }));
    expect(onSubmit).toHaveBeenCalledWith({
      kind: 'series',
      input: { id: 5, eventDates: [schoolDate(2031, 4, 10, 17, 0), schoolDate(2031, 4, 24, 17, 0)] },
    });
  });

  it('fills the dates from the repeat helper, monthly × 4', () => {
    renderWithProviders(<SheetDuplicateForm sheet={sheet} onSubmit={vi.fn()} onCancel={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Repeat'), { target: { value: 'month' } });
    fireEvent.change(screen.getByLabelText('Copies'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Fill dates' }));
    expect(screen.getByText('Creates 4 copies')).toBeDefined();
    expect(screen.getByLabelText<HTMLInputElement>(/^Event Date 4/).value).toBe('2031-08-10T17:00');
  });

  it("refuses a date chosen twice with 'Each date can be chosen only once', on that row", () => {
    const onSubmit = vi.fn();
    renderWithProviders(<SheetDuplicateForm sheet={sheet} onSubmit={onSubmit} onCancel={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add another date' }));
    fireEvent.change(screen.getByLabelText(/^Event Date 2/), { target: { value: '2031-05-10T17:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate Sheet' }));
    const second = screen.getByLabelText(/^Event Date 2/);
    expect(second.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Each date can be chosen only once')).toBeDefined();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('DuplicateSheetDialog', () => {
  it('makes a series through sheets.duplicateSeries and says how many copies were created', async () => {
    const server = fakeTrpc({
      'sheets.duplicateSeries': (value) =>
        (value as { eventDates: Date[] }).eventDates.map((eventDate, i) => ({
          ...sheet,
          eventDate,
          id: 10 + i,
          slots: [],
        })),
    });
    const onClose = vi.fn();
    renderWithProviders(<DuplicateSheetDialog opened sheet={sheet} onClose={onClose} />, { fetch: server.fetch });
    fireEvent.change(screen.getByLabelText('Copies'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Fill dates' }));
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate Sheet' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(server.calls.find((c) => c.path === 'sheets.duplicateSeries')?.input).toEqual({
      id: 5,
      eventDates: [schoolDate(2031, 4, 10, 17, 0), schoolDate(2031, 4, 17, 17, 0), schoolDate(2031, 4, 24, 17, 0)],
    });
    expect(server.calls.some((c) => c.path === 'sheets.duplicate')).toBe(false);
    expect(await screen.findByText('Signup Sheets Duplicated')).toBeDefined();
    expect(screen.getByText('Created 3 copies of "Spring Fair".')).toBeDefined();
  });

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
