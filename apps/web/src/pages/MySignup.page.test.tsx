import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeTrpcError, fakeTrpc, type FakeProcedure } from '../../test/fakeTrpc';
import { renderWithProviders } from '../../test/renderWithProviders';
import MySignupPage from './MySignup.page';

const token = '42-abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

function info(extra: Record<string, unknown> = {}) {
  return {
    id: 42,
    slotId: 7,
    name: 'Robin Park',
    email: 'robin@example.org',
    status: 'confirmed',
    signupTime: new Date(2031, 0, 1),
    waitlistPosition: null,
    closed: false,
    slot: { id: 7, title: 'Setup crew', description: null, startTime: new Date(2031, 2, 14, 16, 0), endTime: null },
    sheet: {
      id: 3,
      title: 'Science Night',
      description: null,
      eventDate: new Date(2031, 2, 14, 18, 0),
      organizerName: 'Pat Organizer',
      organizerEmail: 'pat@example.org',
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
