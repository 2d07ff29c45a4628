import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { CreateSheetDialog, SheetCreateForm } from './CreateSheetDialog';
import { SlotCreateForm } from './AddSlotDialog';

const input = (label: RegExp) => screen.getByLabelText<HTMLInputElement>(label);

afterEach(() => {
  vi.useRealTimers();
});

describe('SheetCreateForm', () => {
  it('starts with the event date 1 day ahead, as a local date-time to the minute', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2031, 4, 3, 9, 41, 27));
    renderWithProviders(<SheetCreateForm onSubmit={vi.fn()} onCancel={vi.fn()} />);
    expect(input(/^Event Date/).value).toBe('2031-05-04T09:41');
  });

  it("says 'Event date is required' and does not submit without a date", () => {
    const onSubmit = vi.fn();
    renderWithProviders(<SheetCreateForm onSubmit={onSubmit} onCancel={vi.fn()} />);
    fireEvent.change(input(/^Event Title/), { target: { value: 'Spring Fair' } });
    fireEvent.change(input(/^Event Date/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Sheet' }));
    expect(screen.getByText('Event date is required')).toBeDefined();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('requires the title and organizer, with an email-type organizer email', () => {
    renderWithProviders(<SheetCreateForm onSubmit={vi.fn()} onCancel={vi.fn()} />);
    expect(input(/^Organizer Email/).type).toBe('email');
    expect(input(/^Event Date/).type).toBe('datetime-local');
    fireEvent.click(screen.getByRole('button', { name: 'Create Sheet' }));
    expect(screen.getByText('Title is required')).toBeDefined();
    expect(screen.getByText('Organizer name is required')).toBeDefined();
    expect(screen.getByText('Organizer email is required')).toBeDefined();
  });

  it('hands over the parsed sheet with the date as a Date', () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <SheetCreateForm
        onSubmit={onSubmit}
        onCancel={vi.fn()}
        organizer={{ name: 'Olivia', email: 'olivia@example.org' }}
      />,
    );
    fireEvent.change(input(/^Event Title/), { target: { value: ' Spring Fair ' } });
    fireEvent.change(input(/^Event Date/), { target: { value: '2031-05-03T17:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Sheet' }));
    expect(onSubmit).toHaveBeenCalledWith({
      title: 'Spring Fair',
      description: null,
      eventDate: new Date(2031, 4, 3, 17, 0),
      organizerName: 'Olivia',
      organizerEmail: 'olivia@example.org',
    });
  });

  it("says 'Creating...' while the sheet is being created", () => {
    renderWithProviders(<SheetCreateForm onSubmit={vi.fn()} onCancel={vi.fn()} submitting />);
    expect(screen.getByRole('button', { name: 'Creating...' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('CreateSheetDialog', () => {
  it('is titled as SPEC.md says, and Cancel closes it', () => {
    const onClose = vi.fn();
    renderWithProviders(<CreateSheetDialog opened onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Create New Signup Sheet' })).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('SheetCreateForm focus', () => {
  it('after a failed submit, focuses the first invalid field (Event Title), not the button', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<SheetCreateForm onSubmit={onSubmit} onCancel={vi.fn()} />);
    fireEvent.change(input(/^Organizer Name/), { target: { value: 'Olivia' } });
    const button = screen.getByRole('button', { name: 'Create Sheet' });
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(document.activeElement).toBe(input(/^Event Title/)));
    expect(input(/^Event Title/).getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();

    // The first invalid field in the form's order: the title once more, then the organizer email.
    fireEvent.change(input(/^Event Title/), { target: { value: 'Spring Fair' } });
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(document.activeElement).toBe(input(/^Organizer Email/)));
  });
});

describe('SlotCreateForm', () => {
  it("hints (without blocking) when the slot is not on the event's day", () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <SlotCreateForm
        signupSheetId={7}
        eventDate={new Date(2031, 4, 3, 17, 0)}
        onSubmit={onSubmit}
        onCancel={vi.fn()}
      />,
    );
    fireEvent.change(input(/^Task Title/), { target: { value: 'Setup crew' } });
    fireEvent.change(input(/^Start Time/), { target: { value: '2031-05-03T08:00' } });
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.change(input(/^Start Time/), { target: { value: '2031-05-30T08:00' } });
    expect(screen.getByRole('status').textContent).toBe(
      'This slot is on Friday, May 30, 2031, but the event is on Saturday, May 3, 2031',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add Slot' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ startTime: new Date(2031, 4, 30, 8, 0) }));
  });

  it('sends times as Dates or null, and a capacity that is not a number as 1', () => {
    const onSubmit = vi.fn();
    renderWithProviders(<SlotCreateForm signupSheetId={7} onSubmit={onSubmit} onCancel={vi.fn()} />);
    fireEvent.change(input(/^Task Title/), { target: { value: 'Setup crew' } });
    fireEvent.change(input(/^Start Time/), { target: { value: '2031-05-03T08:00' } });
    fireEvent.change(input(/^Number of Volunteers Needed/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Slot' }));
    expect(onSubmit).toHaveBeenCalledWith({
      signupSheetId: 7,
      title: 'Setup crew',
      description: null,
      startTime: new Date(2031, 4, 3, 8, 0),
      endTime: null,
      maxVolunteers: 1,
    });
  });

  it('requires a task title and an end after the start', () => {
    const onSubmit = vi.fn();
    renderWithProviders(<SlotCreateForm signupSheetId={7} onSubmit={onSubmit} onCancel={vi.fn()} />);
    fireEvent.change(input(/^Start Time/), { target: { value: '2031-05-03T08:00' } });
    fireEvent.change(input(/^End Time/), { target: { value: '2031-05-03T07:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Slot' }));
    expect(screen.getByText('Title is required')).toBeDefined();
    expect(screen.getByText('End time must be after start time')).toBeDefined();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('starts with 1 volunteer needed and Cancel resets and closes', () => {
    const onCancel = vi.fn();
    renderWithProviders(<SlotCreateForm signupSheetId={7} onSubmit={vi.fn()} onCancel={onCancel} />);
    expect(input(/^Number of Volunteers Needed/).value).toBe('1');
    fireEvent.change(input(/^Task Title/), { target: { value: 'Setup crew' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
    expect(input(/^Task Title/).value).toBe('');
  });
});
