import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeTrpcError, fakeTrpc, type FakeProcedure } from '../../test/fakeTrpc';
import { renderWithProviders } from '../../test/renderWithProviders';
import { readSignupMemory, rememberSignups } from '../features/signup/signupMemory';
import MySignupPage from './MySignup.page';

const token = '42-abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

function info(extra: Record<string, unknown> = {}) {
  return {
    id: 42,
    slotId: 7,
    name: 'Robin Park',
    email: 'robin@example.org',
    phone: '555-0101',
    notes: null,
    answers: {},
    quantity: 1,
    status: 'confirmed',
    signupTime: new Date(2031, 0, 1),
    waitlistPosition: null,
    closed: false,
    slot: {
      id: 7,
      title: 'Setup crew',
      description: null,
      location: null,
      startTime: new Date(2031, 2, 14, 16, 0),
      endTime: null,
      kind: 'task',
      maxVolunteers: 3,
      currentVolunteers: 1,
    },
    sheet: {
      id: 3,
      title: 'Science Night',
      description: null,
      location: null,
      eventDate: new Date(2031, 2, 14, 18, 0),
      organizerName: 'Pat Organizer',
      organizerEmail: 'pat@example.org',
      questions: [],
    },
    otherSlots: [
      {
        id: 8,
        title: 'Judges',
        description: null,
        startTime: new Date(2031, 2, 14, 19, 0),
        endTime: null,
        maxVolunteers: 3,
        currentVolunteers: 1,
        spotsLeft: 2,
        kind: 'task',
      },
    ],
    ...extra,
  };
}

function renderAt(route: string, procedures: Record<string, FakeProcedure>) {
  const api = fakeTrpc({ 'auth.me': () => null, ...procedures });
  renderWithProviders(
    <Routes>
      <Route path="/my-signup" element={<MySignupPage />} />
    </Routes>,
    { route, fetch: api.fetch },
  );
  return api;
}

beforeEach(() => {
  notifications.clean();
});

describe('/my-signup', () => {
  it("says 'This link is not valid' without a token", () => {
    renderAt('/my-signup', {});
    expect(screen.getByRole('heading', { name: 'This link is not valid' })).toBeDefined();
  });

  it('says the link is not valid when the server refuses the token', async () => {
    renderAt(`/my-signup?token=${token}`, {
      'volunteers.manageInfo': () => {
        throw new FakeTrpcError('FORBIDDEN', 'This link is not valid');
      },
    });
    expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toBeDefined();
  });

  it('shows the signup and moves it to another slot with spots left', async () => {
    let current = info();
    const api = renderAt(`/my-signup?token=${token}`, {
      'volunteers.manageInfo': () => current,
      'volunteers.move': (input) => {
        current = info({
          slotId: 8,
          slot: { ...info().slot, id: 8, title: 'Judges' },
          otherSlots: [],
        });
        return { ...(input as object), id: 42, status: 'confirmed' };
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your signup' })).toBeDefined();
    expect(screen.getByText('Confirmed')).toBeDefined();
    expect(screen.getByText('Setup crew')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Science Night' }).getAttribute('href')).toBe('/signup-sheet/3');
    const move = screen.getByRole('button', { name: 'Move my signup' });
    expect(move.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /Judges/ }));
    fireEvent.click(move);
    expect(await screen.findByText('Signup Moved')).toBeDefined();
    expect(screen.getByText('Your signup is now for Judges.')).toBeDefined();
    expect(api.calls.find((c) => c.path === 'volunteers.move')?.input).toEqual({ token, slotId: 8 });
    await waitFor(() =>
      expect(screen.getByText('No other volunteer slot of this event has spots left right now.')).toBeDefined(),
    );
  });

  it("shows the server's sentence when the chosen slot filled up meanwhile", async () => {
    renderAt(`/my-signup?token=${token}`, {
      'volunteers.manageInfo': () => info(),
      'volunteers.move': () => {
        throw new FakeTrpcError('CONFLICT', 'This volunteer slot is full');
      },
    });
    fireEvent.click(await screen.findByRole('radio', { name: /Judges/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Move my signup' }));
    expect(await screen.findByText('Move Failed')).toBeDefined();
    expect(screen.getByText('This volunteer slot is full')).toBeDefined();
  });

  it("says where: the slot's own location, else the sheet's, with a map link; nothing without either", async () => {
    renderAt(`/my-signup?token=${token}`, {
      'volunteers.manageInfo': () => info({ sheet: { ...info().sheet, location: 'Gym, 123 Main St' } }),
    });
    const where = await screen.findByText('Where');
    expect(where.nextElementSibling?.textContent).toBe('Gym, 123 Main St · Map');
    expect(
      screen.getByRole('link', { name: 'Map of Gym, 123 Main St (opens in a new tab)' }).getAttribute('href'),
    ).toBe('https://www.google.com/maps/search/?api=1&query=Gym%2C%20123%20Main%20St');
  });

  it("names the slot's own location over the sheet's", async () => {
    renderAt(`/my-signup?token=${token}`, {
      'volunteers.manageInfo': () =>
        info({ slot: { ...info().slot, location: 'Lot B' }, sheet: { ...info().sheet, location: 'Gym' } }),
    });
    const where = await screen.findByText('Where');
    expect(where.nextElementSibling?.textContent).toBe('Lot B · Map');
  });

  it('shows no Where without a location', async () => {
    renderAt(`/my-signup?token=${token}`, { 'volunteers.manageInfo': () => info() });
    expect(await screen.findByText('Volunteer slot')).toBeDefined();
    expect(screen.queryByText('Where')).toBeNull();
  });

  it('shows a waitlisted signup with its place in line', async () => {
    renderAt(`/my-signup?token=${token}`, {
      'volunteers.manageInfo': () => info({ status: 'waitlisted', waitlistPosition: 2 }),
    });
    expect(await screen.findByText('Waitlisted · #2 in line')).toBeDefined();
    expect(screen.getByText(/you're on the waitlist for this volunteer slot/)).toBeDefined();
  });

  it('cancels the signup after asking', async () => {
    const api = renderAt(`/my-signup?token=${token}`, {
      'volunteers.manageInfo': () => info(),
      'volunteers.cancelByToken': () => ({ message: 'Your signup has been cancelled' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel my signup' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel Signup' });
    expect(within(dialog).getByText('Are you sure you want to cancel your signup for Setup crew?')).toBeDefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel my signup' }));
    expect(await screen.findByRole('heading', { name: 'Signup cancelled' })).toBeDefined();
    expect(screen.getByText('Your signup has been cancelled.')).toBeDefined();
    expect(api.calls.find((c) => c.path === 'volunteers.cancelByToken')?.input).toEqual({ token });
  });

  it('says a signup cancelled earlier is gone', async () => {
    renderAt(`/my-signup?token=${token}`, {
      'volunteers.manageInfo': () => {
        throw new FakeTrpcError('NOT_FOUND', 'Volunteer not found');
      },
    });
    expect(await screen.findByRole('heading', { name: 'Signup cancelled' })).toBeDefined();
    expect(screen.getByText('This signup has been cancelled.')).toBeDefined();
  });

  it('offers no changes once the slot has started', async () => {
    renderAt(`/my-signup?token=${token}`, { 'volunteers.manageInfo': () => info({ closed: true }) });
    expect(await screen.findByText(/can no longer be changed here/)).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Cancel my signup' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Move my signup' })).toBeNull();
  });
});

describe('/my-signup: correcting the signup', () => {
  const questions = [
    { id: 'child', label: "Child's name and class", kind: 'text', required: true },
    { id: 'size', label: 'T-shirt size', kind: 'choice', options: ['S', 'M', 'L'], required: false },
  ];
  const cupcakes = (extra: Record<string, unknown> = {}) =>
    info({
      quantity: 6,
      answers: { child: 'Sam, 3B' },
      slot: { ...info().slot, title: 'Cupcakes', kind: 'item', maxVolunteers: 24, currentVolunteers: 12 },
      sheet: { ...info().sheet, questions },
      ...extra,
    });

  it('edits the name, phone, notes, answers and quantity with the values the signup has', async () => {
    const api = renderAt(`/my-signup?token=${token}`, {
      'volunteers.manageInfo': () => cupcakes(),
      'volunteers.updateByToken': (input) => ({ ...cupcakes(), ...(input as object) }),
    });
    const name = await screen.findByLabelText<HTMLInputElement>(/^Name/);
    expect(name.value).toBe('Robin Park');
    expect(screen.getByText('Email: robin@example.org')).toBeDefined();
    expect(screen.getByLabelText<HTMLInputElement>(/^Child's name and class/).value).toBe('Sam, 3B');
    const quantity = screen.getByLabelText<HTMLInputElement>(/^How many will you bring\?/);
    expect(quantity.value).toBe('6');

    fireEvent.change(name, { target: { value: 'Robin Park-Lee' } });
    fireEvent.change(screen.getByLabelText(/^Notes/), { target: { value: 'Nut-free' } });
    fireEvent.click(screen.getByRole('radio', { name: 'M' }));
    fireEvent.change(quantity, { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Signup Updated')).toBeDefined();
    expect(api.calls.find((c) => c.path === 'volunteers.updateByToken')?.input).toEqual({
      token,
      name: 'Robin Park-Lee',
      phone: '555-0101',
      notes: 'Nut-free',
      answers: { child: 'Sam, 3B', size: 'M' },
      quantity: 10,
    });
  });

  it("says the questions' and the quantity's sentences before sending anything", async () => {
    const api = renderAt(`/my-signup?token=${token}`, { 'volunteers.manageInfo': () => cupcakes() });
    fireEvent.change(await screen.findByLabelText(/^Child's name and class/), { target: { value: '  ' } });
    // 12 of 24 are promised, 6 of them by this signup: up to 18.
    fireEvent.change(screen.getByLabelText(/^How many will you bring\?/), { target: { value: '19' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText("Child's name and class is required")).toBeDefined();
    expect(screen.getByText('Only 18 still needed for this item')).toBeDefined();
    expect(api.calls.some((c) => c.path === 'volunteers.updateByToken')).toBe(false);
  });

  it("shows the server's refusal on the field it names", async () => {
    renderAt(`/my-signup?token=${token}`, {
      'volunteers.manageInfo': () => cupcakes(),
      'volunteers.updateByToken': () => {
        throw new FakeTrpcError('CONFLICT', 'Only 4 still needed for this item', {
          reason: 'quantityTooLarge',
          field: 'quantity',
        });
      },
    });
    fireEvent.change(await screen.findByLabelText(/^How many will you bring\?/), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const quantity = screen.getByLabelText(/^How many will you bring\?/);
    await waitFor(() => expect(quantity.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Only 4 still needed for this item')).toBeDefined();
    expect(screen.queryByText('Update Failed')).toBeNull();
  });

  it('has no quantity on a task slot', async () => {
    renderAt(`/my-signup?token=${token}`, { 'volunteers.manageInfo': () => info() });
    await screen.findByLabelText(/^Name/);
    expect(screen.queryByLabelText(/How many will you bring/)).toBeNull();
  });

  it('forgets the signup this browser remembered once it is cancelled, and follows a move', async () => {
    rememberSignups([
      { volunteerId: 42, slotId: 7, sheetId: 3, token, status: 'confirmed' },
      { volunteerId: 43, slotId: 9, sheetId: 3, token: 'other', status: 'confirmed' },
    ]);
    renderAt(`/my-signup?token=${token}`, {
      'volunteers.manageInfo': () => info(),
      'volunteers.move': () => ({ ...info(), slotId: 8 }),
      'volunteers.cancelByToken': () => ({ message: 'Your signup has been cancelled' }),
    });
    fireEvent.click(await screen.findByRole('radio', { name: /Judges/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Move my signup' }));
    await waitFor(() => expect(readSignupMemory().signups.find((s) => s.volunteerId === 42)?.slotId).toBe(8));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel my signup' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Cancel Signup' })).getByRole('button', { name: 'Cancel my signup' }),
    );
    await screen.findByRole('heading', { name: 'Signup cancelled' });
    expect(readSignupMemory().signups.map((s) => s.volunteerId)).toEqual([43]);
  });
});

describe("/my-signup: 'Delete my details'", () => {
  it('cancels a signup still to come first, says so, and shows the done state without asking again', async () => {
    rememberSignups([{ volunteerId: 42, slotId: 7, sheetId: 3, token, status: 'confirmed' }]);
    const api = renderAt(`/my-signup?token=${token}`, {
      'volunteers.manageInfo': () => info(),
      'privacy.eraseSignup': () => ({ success: true }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my details' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete My Details' });
    expect(
      within(dialog).getByText(
        'Your signup for Setup crew is cancelled first, and then your name, email, phone, notes and answers are deleted. This cannot be undone.',
      ),
    ).toBeDefined();
    expect(api.calls.some((c) => c.path === 'privacy.eraseSignup')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my details' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Details deleted' });
    expect(screen.getByText('Your details have been deleted.')).toBeDefined();
    expect(screen.getByText(/Your signup was cancelled first/)).toBeDefined();
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(document.body.textContent).not.toMatch(/Robin Park|robin@example\.org|555-0101/);
    expect(screen.getByRole('link', { name: 'View Science Night' }).getAttribute('href')).toBe('/signup-sheet/3');
    expect(api.calls.filter((c) => c.path === 'privacy.eraseSignup').map((c) => c.input)).toEqual([{ token }]);
    // The token opens nothing of theirs any more: the page does not ask with it again.
    expect(api.calls.filter((c) => c.path === 'volunteers.manageInfo')).toHaveLength(1);
    expect(readSignupMemory().signups).toEqual([]);
  });

  it('offers it on a signup whose slot has started, which stays counted without the person', async () => {
    renderAt(`/my-signup?token=${token}`, {
      'volunteers.manageInfo': () => info({ closed: true }),
      'privacy.eraseSignup': () => ({ success: true }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my details' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete My Details' });
    expect(
      within(dialog).getByText(
        'Your signup for Setup crew stays counted for the organizer, but without your name, email, phone, notes or answers. This cannot be undone.',
      ),
    ).toBeDefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my details' }));
    expect(await screen.findByText('Your details have been deleted.')).toBeDefined();
    expect(screen.getByText('The organizer still counts the signup, without your name.')).toBeDefined();
  });

  it('keeps the signup and its dialog when the server refuses, with its sentence', async () => {
    renderAt(`/my-signup?token=${token}`, {
      'volunteers.manageInfo': () => info(),
      'privacy.eraseSignup': () => {
        throw new FakeTrpcError('FORBIDDEN', 'This link is not valid', { reason: 'invalidLink' });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my details' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete My Details' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my details' }));
    expect(await screen.findByText('Delete Failed')).toBeDefined();
    expect(screen.getByText('This link is not valid')).toBeDefined();
    expect(screen.queryByText('Your details have been deleted.')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Your signup' })).toBeDefined();
    // Keeping them closes the question, once the request has settled.
    const keep = within(dialog).getByRole('button', { name: 'Keep my details' });
    await waitFor(() => expect(keep.hasAttribute('disabled')).toBe(false));
    fireEvent.click(keep);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete My Details' })).toBeNull());
  });
});
