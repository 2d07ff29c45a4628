import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeTrpcError, fakeTrpc, type FakeProcedure } from '../../../../test/fakeTrpc';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { schoolDate } from '../../../../test/schoolTime';
import type { SheetDetail, SlotDetail } from '../../../types';
import { SheetDetails, signupSuccessText } from './SheetDetails';

function slot(id: number, title: string, start: Date | null, extra: Partial<SlotDetail> = {}): SlotDetail {
  return {
    id,
    signupSheetId: 1,
    title,
    description: null,
    startTime: start,
    endTime: null,
    maxVolunteers: 2,
    currentVolunteers: 0,
    waitlistCount: 0,
    volunteers: [],
    ...extra,
  };
}

const sheet: SheetDetail = {
  id: 1,
  title: 'Science Night',
  description: 'Experiments for every grade',
  eventDate: schoolDate(2031, 2, 14, 18, 0),
  organizerName: 'Pat Organizer',
  organizerEmail: 'pat@example.org',
  ownerId: null,
  createdAt: schoolDate(2030, 0, 1),
  viewerManages: false,
  slots: [
    slot(1, 'Teardown', null),
    slot(2, 'Judges', schoolDate(2031, 2, 14, 19, 0)),
    slot(3, 'Setup crew', schoolDate(2031, 2, 14, 16, 0), {
      currentVolunteers: 1,
      volunteers: [
        {
          id: 11,
          slotId: 3,
          name: 'Robin Banks',
          signupTime: schoolDate(2030, 11, 1),
          isMine: false,
          email: 'robin@example.org',
          phone: '555-0177',
          notes: null,
          emailConsent: true,
          userId: null,
          status: 'confirmed',
        },
      ],
    }),
    slot(4, 'Greeters', schoolDate(2031, 2, 14, 16, 0)),
  ],
};

describe('SheetDetails', () => {
  it('shows the sheet, its organizer, and the slots by start time, untimed last, ties by title', () => {
    renderWithProviders(<SheetDetails sheet={sheet} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Science Night' })).toBeDefined();
    expect(screen.getByText('Experiments for every grade')).toBeDefined();
    expect(screen.getByRole('link', { name: 'pat@example.org' }).getAttribute('href')).toBe('mailto:pat@example.org');
    const titles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(['Greeters', 'Setup crew', 'Judges', 'Teardown']);
  });

  it('opens the signup form for the chosen slot', async () => {
    renderWithProviders(<SheetDetails sheet={sheet} />);
    fireEvent.click(screen.getAllByRole('button', { name: 'Sign Up' })[1] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Sign up: Setup crew' });
    expect(within(dialog).getByLabelText(/^Name/)).toBeDefined();
  });

  it('asks before removing a volunteer (admins), and Cancel closes the question', async () => {
    renderWithProviders(<SheetDetails sheet={sheet} />, { user: { id: 1, name: 'Admin', isAdmin: true } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Robin Banks' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Volunteer' });
    expect(
      within(dialog).getByText('Are you sure you want to remove Robin Banks from this volunteer slot?'),
    ).toBeDefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("opens 'Edit Volunteer Slot' prefilled for admins", async () => {
    renderWithProviders(<SheetDetails sheet={sheet} />, { user: { id: 1, name: 'Admin', isAdmin: true } });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Judges' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Volunteer Slot' });
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^Volunteer Role/).value).toBe('Judges');
    expect(within(dialog).getByRole('button', { name: 'Update Slot' })).toBeDefined();
  });

  it('hides admin controls from visitors', () => {
    renderWithProviders(<SheetDetails sheet={sheet} />);
    expect(screen.queryByRole('button', { name: /^(edit|delete|remove) /i })).toBeNull();
  });

  it('asks before cancelling your own signup, naming the slot', async () => {
    const mine = {
      id: 12,
      slotId: 2,
      name: 'Pat Parent',
      signupTime: schoolDate(2030, 11, 2),
      isMine: true,
      email: 'pat@example.org',
      phone: '555-0101',
      notes: null,
      emailConsent: false,
      userId: 3,
      status: 'confirmed' as const,
    };
    const withMine: SheetDetail = {
      ...sheet,
      slots: [slot(2, 'Judges', schoolDate(2031, 2, 14, 19, 0), { currentVolunteers: 1, volunteers: [mine] })],
    };
    renderWithProviders(<SheetDetails sheet={withMine} />, { user: { id: 3, name: 'Pat Parent', isAdmin: false } });
    expect(screen.getByText('You')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel my signup' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Signup' });
    expect(within(dialog).getByText('Are you sure you want to cancel your signup for Judges?')).toBeDefined();
    expect(within(dialog).getByRole('button', { name: 'Cancel my signup' })).toBeDefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep my signup' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

// Toasts live in a store shared by every render; each test starts without one.
beforeEach(() => {
  notifications.clean();
});

/** A server that knows the signed-in account (or none) and answers signups with `create`. */
function server(create: FakeProcedure, me: unknown = null) {
  return fakeTrpc({ 'auth.me': () => me, 'volunteers.create': create });
}

/** Opens the signup dialog of a slot; the dialogs load on demand, so it comes a moment later. */
async function signUpFor(slotTitle: string): Promise<HTMLElement> {
  const card = screen.getByRole('article', { name: slotTitle });
  fireEvent.click(within(card).getByRole('button', { name: 'Sign Up' }));
  return screen.findByRole('dialog', { name: `Sign up: ${slotTitle}` });
}

function fillAndSubmit(dialog: HTMLElement) {
  fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Jamie Rivera' } });
  fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'jamie@example.org' } });
  fireEvent.change(within(dialog).getByLabelText(/^Phone/), { target: { value: '555-0142' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Sign Up' }));
}

const answer = (confirmationEmail: boolean) => (input: unknown) => ({
  id: 40,
  ...(input as object),
  signupTime: new Date(),
  confirmationEmail,
});

describe('SheetDetails: closed slots and past events', () => {
  it('closes the slots that have started and keeps the others open', () => {
    renderWithProviders(<SheetDetails sheet={sheet} now={schoolDate(2031, 2, 14, 17, 0)} />);
    for (const title of ['Greeters', 'Setup crew']) {
      const card = screen.getByRole('article', { name: title });
      expect(within(card).getByText('Signups closed')).toBeDefined();
      expect(within(card).queryByRole('button', { name: 'Sign Up' })).toBeNull();
    }
    for (const title of ['Judges', 'Teardown']) {
      const card = screen.getByRole('article', { name: title });
      expect(within(card).getByRole('button', { name: 'Sign Up' })).toBeDefined();
      expect(within(card).getByText('2 spots left')).toBeDefined();
    }
    expect(screen.queryByText('This event has passed')).toBeNull();
  });

  it('marks a past event as passed and closes every slot, timed or not', () => {
    renderWithProviders(<SheetDetails sheet={sheet} now={schoolDate(2031, 2, 15, 9, 0)} />);
    expect(screen.getByText('This event has passed')).toBeDefined();
    expect(screen.getAllByText('Signups closed')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Sign Up' })).toBeNull();
  });

  it('still gives admins their controls, and a way to add a volunteer, on a past event', async () => {
    renderWithProviders(<SheetDetails sheet={sheet} now={schoolDate(2031, 2, 15, 9, 0)} />, {
      user: { id: 1, name: 'Admin', isAdmin: true },
    });
    expect(screen.getByRole('button', { name: 'Edit Judges' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Remove Robin Banks' })).toBeDefined();
    const judges = screen.getByRole('article', { name: 'Judges' });
    fireEvent.click(within(judges).getByRole('button', { name: 'Add volunteer' }));
    expect(await screen.findByRole('dialog', { name: 'Sign up: Judges' })).toBeDefined();
  });

  it("shows the server's sentence in 'Signup Failed' when a signup races the close", async () => {
    const api = server(() => {
      throw new FakeTrpcError('CONFLICT', 'Signups for this slot have closed');
    });
    renderWithProviders(<SheetDetails sheet={sheet} />, { fetch: api.fetch });
    fillAndSubmit(await signUpFor('Judges'));
    expect(await screen.findByText('Signup Failed')).toBeDefined();
    expect(screen.getByText('Signups for this slot have closed')).toBeDefined();
  });
});

describe('SheetDetails: the signup dialog and its toast', () => {
  it("names the slot's date and time in the signup dialog, or the event's for a slot without a time", async () => {
    renderWithProviders(<SheetDetails sheet={sheet} />);
    expect(within(await signUpFor('Judges')).getByText('Friday, March 14, 2031 · 7:00 PM')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(within(await signUpFor('Teardown')).getByText('Friday, March 14, 2031 at 6:00 PM')).toBeDefined();
  });

  it('promises a confirmation email when the server says one is on its way', async () => {
    const api = server(answer(true));
    renderWithProviders(<SheetDetails sheet={sheet} />, { fetch: api.fetch });
    fillAndSubmit(await signUpFor('Judges'));
    expect(await screen.findByText('Signup Successful!')).toBeDefined();
    expect(
      screen.getByText('Thank you for volunteering! A confirmation email will be sent to jamie@example.org.'),
    ).toBeDefined();
    expect(api.calls.find((c) => c.path === 'volunteers.create')?.input).toMatchObject({ slotId: 2 });
  });

  it('promises no email when none will be sent, and names the slot instead', async () => {
    const api = server(answer(false));
    renderWithProviders(<SheetDetails sheet={sheet} />, { fetch: api.fetch });
    fillAndSubmit(await signUpFor('Judges'));
    expect(await screen.findByText('Signup Successful!')).toBeDefined();
    expect(screen.getByText("Thank you for volunteering! You're signed up for Judges.")).toBeDefined();
    expect(screen.queryByText(/email/i)).toBeNull();
  });

  it('words the toast from the confirmationEmail flag', () => {
    expect(signupSuccessText({ email: 'a@example.org', confirmationEmail: true }, 'Judges')).toContain(
      'A confirmation email will be sent to a@example.org.',
    );
    expect(signupSuccessText({ email: 'a@example.org', confirmationEmail: false }, 'Judges')).not.toMatch(/email/i);
  });

  it("prefills the signed-in account's details and its email consent", async () => {
    const me = {
      id: 3,
      name: 'Pat Parent',
      email: 'pat@example.org',
      phone: '555-0101',
      isAdmin: false,
      emailConsent: true,
    };
    const api = server(answer(false), me);
    renderWithProviders(<SheetDetails sheet={sheet} />, {
      fetch: api.fetch,
      user: { id: 3, name: 'Pat Parent', isAdmin: false },
    });
    await waitFor(() => expect(api.calls.map((c) => c.path)).toContain('auth.me'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    const dialog = await signUpFor('Judges');
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^Name/).value).toBe('Pat Parent');
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^Phone/).value).toBe('555-0101');
    expect(
      within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Send me reminders about this event' }).checked,
    ).toBe(true);
  });

  it('leaves email consent unticked for an account that did not give it', async () => {
    const api = server(answer(false), {
      id: 3,
      name: 'Pat Parent',
      email: 'pat@example.org',
      phone: null,
      isAdmin: false,
      emailConsent: false,
    });
    renderWithProviders(<SheetDetails sheet={sheet} />, {
      fetch: api.fetch,
      user: { id: 3, name: 'Pat Parent', isAdmin: false },
    });
    await waitFor(() => expect(api.calls.map((c) => c.path)).toContain('auth.me'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    const dialog = await signUpFor('Judges');
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^Name/).value).toBe('Pat Parent');
    expect(
      within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Send me reminders about this event' }).checked,
    ).toBe(false);
  });
});

describe('SheetDetails: the waitlist', () => {
  const fullJudges: SheetDetail = {
    ...sheet,
    slots: [slot(2, 'Judges', schoolDate(2031, 2, 14, 19, 0), { currentVolunteers: 2, waitlistCount: 1 })],
  };
  const waitlisted = (input: unknown) => ({
    id: 41,
    ...(input as object),
    status: 'waitlisted',
    signupTime: new Date(),
    confirmationEmail: true,
  });

  it("offers 'Join Waitlist' on a full slot, sends the waitlist flag, and says the signup is on the waitlist", async () => {
    const api = server(waitlisted);
    renderWithProviders(<SheetDetails sheet={fullJudges} />, { fetch: api.fetch });
    const card = screen.getByRole('article', { name: 'Judges' });
    expect(within(card).getByText('1 on the waitlist')).toBeDefined();
    expect(within(card).queryByRole('button', { name: 'Sign Up' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Join Waitlist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign up: Judges' });
    expect(within(dialog).getByText(/This slot is full\. Sign up to join its waitlist/)).toBeDefined();
    fillAndSubmit(dialog);
    expect(await screen.findByText('Signup Successful!')).toBeDefined();
    expect(
      screen.getByText("You're on the waitlist for Judges. We'll email jamie@example.org if a spot opens up."),
    ).toBeDefined();
    expect(api.calls.find((c) => c.path === 'volunteers.create')?.input).toMatchObject({ slotId: 2, waitlist: true });
  });

  it('sends no waitlist flag for a slot with room, and keeps the confirmed wording', async () => {
    const api = server(answer(true));
    renderWithProviders(<SheetDetails sheet={sheet} />, { fetch: api.fetch });
    fillAndSubmit(await signUpFor('Judges'));
    expect(await screen.findByText('Signup Successful!')).toBeDefined();
    expect(api.calls.find((c) => c.path === 'volunteers.create')?.input).not.toHaveProperty('waitlist');
    expect(
      signupSuccessText({ email: 'a@example.org', confirmationEmail: false, status: 'waitlisted' }, 'Judges'),
    ).toBe("You're on the waitlist for Judges. You'll be signed up automatically if a spot opens up.");
  });
});
