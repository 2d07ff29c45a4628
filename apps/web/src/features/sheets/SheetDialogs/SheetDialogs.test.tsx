import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeTrpc } from '../../../../test/fakeTrpc';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { schoolDate } from '../../../../test/schoolTime';
import { CreateSheetDialog, SheetCreateForm } from './CreateSheetDialog';

const input = (label: RegExp) => screen.getByLabelText<HTMLInputElement>(label);

afterEach(() => {
  vi.useRealTimers();
});

describe('SheetCreateForm', () => {
  it('starts with the event date 1 day ahead, as a local date-time to the minute', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(schoolDate(2031, 4, 3, 9, 41, 27));
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
      location: null,
      eventDate: schoolDate(2031, 4, 3, 17, 0),
      organizerName: 'Olivia',
      organizerEmail: 'olivia@example.org',
      maxSlotsPerPerson: null,
      questions: [],
    });
  });

  it("hands over the choice of 'Email me about signups'", () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <SheetCreateForm
        onSubmit={onSubmit}
        onCancel={vi.fn()}
        organizer={{ name: 'Olivia', email: 'olivia@example.org' }}
      />,
    );
    fireEvent.change(input(/^Event Title/), { target: { value: 'Spring Fair' } });
    fireEvent.change(screen.getByLabelText('Email me about signups'), { target: { value: 'daily' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Sheet' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ notifyOrganizer: 'daily' }));
  });

  it('takes an optional location, trimmed, and refuses one over 200 characters', () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <SheetCreateForm
        onSubmit={onSubmit}
        onCancel={vi.fn()}
        organizer={{ name: 'Olivia', email: 'olivia@example.org' }}
      />,
    );
    const location = input(/^Location/);
    expect(location.placeholder).toBe('Gym, 123 Main St');
    expect(location.required).toBe(false);
    expect(location.maxLength).toBe(200);
    fireEvent.change(input(/^Event Title/), { target: { value: 'Spring Fair' } });
    fireEvent.change(location, { target: { value: 'y'.repeat(201) } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Sheet' }));
    expect(screen.getByText('Must be at most 200 characters')).toBeDefined();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(location, { target: { value: ' Gym, 123 Main St ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Sheet' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ location: 'Gym, 123 Main St' }));
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

  it('creates the sheet with its notification choice, closes, and names the new sheet to the dashboard', async () => {
    const server = fakeTrpc({
      'auth.me': () => null,
      'sheets.create': (input) => ({ ...(input as object), id: 41 }),
    });
    const onClose = vi.fn();
    const onCreated = vi.fn();
    renderWithProviders(<CreateSheetDialog opened onClose={onClose} onCreated={onCreated} />, {
      fetch: server.fetch,
    });
    fireEvent.change(input(/^Event Title/), { target: { value: 'Spring Fair' } });
    fireEvent.change(input(/^Organizer Name/), { target: { value: 'Olivia' } });
    fireEvent.change(input(/^Organizer Email/), { target: { value: 'olivia@example.org' } });
    fireEvent.change(screen.getByLabelText('Email me about signups'), { target: { value: 'off' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Sheet' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith({ id: 41, title: 'Spring Fair' }));
    expect(onClose).toHaveBeenCalled();
    expect(server.calls.find((c) => c.path === 'sheets.create')?.input).toMatchObject({
      title: 'Spring Fair',
      notifyOrganizer: 'off',
    });
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
