import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type I18n, i18nFor } from '@pac/i18n/server';
import { FakeTrpcError, fakeTrpc, type FakeProcedure } from '../../../../test/fakeTrpc';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { schoolDate } from '../../../../test/schoolTime';
import type { SheetDetail, SlotDetail } from '../../../types';
import { readSignupMemory, rememberSignups } from '../../signup/signupMemory';
import { SheetDetails, signupSuccessText } from './SheetDetails';

const i18n = i18nFor('en');

function slot(id: number, title: string, start: Date | null, extra: Partial<SlotDetail> = {}): SlotDetail {
  return {
    id,
    signupSheetId: 1,
    kind: 'task',
    title,
    description: null,
    location: null,
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
  location: null,
  eventDate: schoolDate(2031, 2, 14, 18, 0),
  organizerName: 'Pat Organizer',
  organizerEmail: 'pat@example.org',
  maxSlotsPerPerson: null,
  questions: [],
  notifyOrganizer: 'each' as const,
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
          quantity: 1,
        },
      ],
    }),
    slot(4, 'Greeters', schoolDate(2031, 2, 14, 16, 0)),
  ],
};

// The dialogs load on demand; loaded once here, so that the first test to open one does not wait for
// the import on a busy machine.
beforeAll(async () => {
  await import('./SheetDetailsDialogs');
}, 30_000);

describe('SheetDetails', () => {
  it('shows the sheet, its organizer, and the slots by start time, untimed last, ties by title', () => {
    renderWithProviders(<SheetDetails sheet={sheet} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Science Night' })).toBeDefined();
    expect(screen.getByText('Experiments for every grade')).toBeDefined();
    expect(screen.getByRole('link', { name: 'pat@example.org' }).getAttribute('href')).toBe('mailto:pat@example.org');
    const titles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(['Greeters', 'Setup crew', 'Judges', 'Teardown']);
  });

  it("shows the sheet's location with a map link, and a slot's own location only where it differs", () => {
    const located: SheetDetail = {
      ...sheet,
      location: 'Gym, 123 Main St',
      slots: [
        slot(1, 'Parking', null, { location: 'Lot B' }),
        slot(2, 'Judges', null, { location: 'Gym, 123 Main St' }),
        slot(3, 'Snacks', null),
      ],
    };
    renderWithProviders(<SheetDetails sheet={located} />);
    const maps = screen.getAllByRole('link', { name: /^Map of / });
    expect(maps.map((a) => a.getAttribute('aria-label'))).toEqual([
      'Map of Gym, 123 Main St (opens in a new tab)',
      'Map of Lot B (opens in a new tab)',
    ]);
    expect(maps[0]?.getAttribute('href')).toBe(
      'https://www.google.com/maps/search/?api=1&query=Gym%2C%20123%20Main%20St',
    );
    expect(maps[0]?.getAttribute('target')).toBe('_blank');
    expect(maps[0]?.getAttribute('rel')).toBe('noopener noreferrer');
    const parking = screen.getByRole('article', { name: 'Parking' });
    expect(parking.textContent).toContain('Lot B');
    // The slot at the sheet's own location does not repeat it.
    expect(screen.getByRole('article', { name: 'Judges' }).textContent).not.toContain('Main St');
    expect(screen.getByRole('article', { name: 'Snacks' }).textContent).not.toContain('Main St');
  });

  it('shows no location line or map link for a sheet without one', () => {
    renderWithProviders(<SheetDetails sheet={sheet} />);
    expect(screen.queryByRole('link', { name: /^Map of / })).toBeNull();
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
      quantity: 1,
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
/** Matches a label that starts with `text` (a required field's label ends in ' *'). */
const startingWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** Opens the signup dialog of `slotTitle`, on a page in `t`'s language (English unless told). */
async function signUpFor(slotTitle: string, t: I18n = i18n): Promise<HTMLElement> {
  const card = screen.getByRole('article', { name: slotTitle });
  fireEvent.click(within(card).getByRole('button', { name: t._('Sign Up') }));
  return screen.findByRole('dialog', { name: t._('Sign up: {slot}', { slot: slotTitle }) });
}

/** Fills in the signup dialog and sends it, on a page in `t`'s language (English unless told). */
function fillAndSubmit(dialog: HTMLElement, t: I18n = i18n) {
  fireEvent.change(within(dialog).getByLabelText(startingWith(t._('Name'))), { target: { value: 'Jamie Rivera' } });
  fireEvent.change(within(dialog).getByLabelText(startingWith(t._('Email'))), {
    target: { value: 'jamie@example.org' },
  });
  fireEvent.change(within(dialog).getByLabelText(startingWith(t._('Phone'))), { target: { value: '555-0142' } });
  fireEvent.click(within(dialog).getByRole('button', { name: t._('Sign Up') }));
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

  describe("the language of the signup's emails", () => {
    afterEach(() => {
      document.cookie = 'lang=; Max-Age=0; Path=/';
    });

    /** Signs up for Judges with 'Language for messages' set to `language` (or left as it is); the cookies the signup was sent with. */
    async function signUpIn(language?: string): Promise<{ cookie: string; input: unknown }> {
      let cookie = '';
      const api = server((input) => {
        cookie = document.cookie;
        return answer(true)(input);
      });
      // A Farsi page: everything on it (the toast too) is in Farsi.
      const farsi = i18nFor('fa');
      renderWithProviders(<SheetDetails sheet={sheet} />, { fetch: api.fetch, language: 'fa' });
      const dialog = await signUpFor('Judges', farsi);
      const select = within(dialog).getByRole<HTMLSelectElement>('combobox', {
        name: farsi._('Language for messages'),
      });
      expect(select.value).toBe('fa');
      if (language) fireEvent.change(select, { target: { value: language } });
      fillAndSubmit(dialog, farsi);
      expect(await screen.findByText(farsi._('Signup Successful!'))).toBeDefined();
      return { cookie, input: api.calls.find((c) => c.path === 'volunteers.create')?.input };
    }

    it('makes the one chosen the lang cookie before the signup is sent, which the server stores it by', async () => {
      const { cookie, input } = await signUpIn('ko');
      expect(cookie.split('; ')).toContain('lang=ko');
      expect(input).toMatchObject({ slotId: 2 });
      // And the signup carries it, over an account's own language.
      expect(input).toMatchObject({ language: 'ko' });
    });

    it("leaves the cookie alone when the page's language is kept", async () => {
      const { cookie } = await signUpIn();
      expect(cookie).not.toMatch(/(^|; )lang=/);
    });
  });

  it('words the toast from the confirmationEmail flag', () => {
    expect(signupSuccessText(i18n, { email: 'a@example.org', confirmationEmail: true }, 'Judges')).toContain(
      'A confirmation email will be sent to a@example.org.',
    );
    expect(signupSuccessText(i18n, { email: 'a@example.org', confirmationEmail: false }, 'Judges')).not.toMatch(
      /email/i,
    );
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
      signupSuccessText(i18n, { email: 'a@example.org', confirmationEmail: false, status: 'waitlisted' }, 'Judges'),
    ).toBe("You're on the waitlist for Judges. You'll be signed up automatically if a spot opens up.");
  });
});

/** A server that answers multi-slot signups with `createMany` (and single ones with `create`). */
function multiServer(createMany: FakeProcedure, create: FakeProcedure = answer(true)) {
  return fakeTrpc({ 'auth.me': () => null, 'volunteers.create': create, 'volunteers.createMany': createMany });
}

/** createMany's answer: each slot signed up, waitlisted on the slots named. */
const many =
  (confirmationEmail: boolean, waitlisted: number[] = []) =>
  (input: unknown) => {
    const { slotIds, ...person } = input as { slotIds: number[] };
    return {
      volunteers: slotIds.map((slotId, i) => ({
        id: 100 + i,
        slotId,
        ...person,
        status: waitlisted.includes(slotId) ? 'waitlisted' : 'confirmed',
        manageToken: `${100 + i}-token`,
        signupTime: new Date(),
      })),
      confirmationEmail,
    };
  };

const tick = (slotTitle: string) =>
  fireEvent.click(screen.getByRole('checkbox', { name: new RegExp(`^Select ${slotTitle}`) }));
const bar = () => screen.queryByRole('region', { name: 'Selected slots' });

async function continueToForm(name: string): Promise<HTMLElement> {
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  return screen.findByRole('dialog', { name });
}

describe('SheetDetails: signing up for several slots at once', () => {
  it("ticks slots into the bar ('2 slots selected · Continue') and signs up for them with one request", async () => {
    const api = multiServer(many(true));
    renderWithProviders(<SheetDetails sheet={sheet} />, { fetch: api.fetch });
    expect(bar()).toBeNull();
    tick('Teardown');
    expect(bar()?.textContent).toContain('1 slot selected');
    tick('Judges');
    expect(bar()?.textContent).toContain('2 slots selected');

    const dialog = await continueToForm('Sign up: 2 slots');
    const listed = within(within(dialog).getByRole('region', { name: 'Your slots' })).getAllByRole('listitem');
    expect(listed.map((item) => item.querySelector('p')?.textContent)).toEqual(['Judges', 'Teardown']);
    fillAndSubmit(dialog);

    expect(await screen.findByText('Signup Successful!')).toBeDefined();
    expect(
      screen.getByText(
        "Thank you for volunteering! You're signed up for Judges and Teardown. A confirmation email will be sent to jamie@example.org.",
      ),
    ).toBeDefined();
    const sent = api.calls.filter((c) => c.path.startsWith('volunteers.'));
    expect(sent.map((c) => c.path)).toEqual(['volunteers.createMany']);
    expect(sent[0]?.input).toMatchObject({ slotIds: [2, 1], name: 'Jamie Rivera', emailConsent: true, answers: {} });
    expect(sent[0]?.input).not.toHaveProperty('waitlist');
    await waitFor(() => expect(bar()).toBeNull());
    // This browser remembers both signups and the details they were made with.
    const memory = readSignupMemory();
    expect(memory.signups.map((s) => [s.volunteerId, s.slotId, s.sheetId, s.token])).toEqual([
      [100, 2, 1, '100-token'],
      [101, 1, 1, '101-token'],
    ]);
    expect(memory.details).toEqual({
      name: 'Jamie Rivera',
      email: 'jamie@example.org',
      phone: '555-0142',
      emailConsent: true,
    });
  });

  it('signs up for a single ticked slot through the one-slot form', async () => {
    const api = multiServer(many(true), answer(false));
    renderWithProviders(<SheetDetails sheet={sheet} />, { fetch: api.fetch });
    tick('Judges');
    fillAndSubmit(await continueToForm('Sign up: Judges'));
    expect(await screen.findByText("Thank you for volunteering! You're signed up for Judges.")).toBeDefined();
    expect(api.calls.filter((c) => c.path.startsWith('volunteers.')).map((c) => c.path)).toEqual(['volunteers.create']);
  });

  it('names the slot the server refused, saves nothing, and keeps the ticks and what was typed', async () => {
    const api = multiServer(() => {
      throw new FakeTrpcError('CONFLICT', 'This volunteer slot is full', { reason: 'slotFull', slotId: 2 });
    });
    renderWithProviders(<SheetDetails sheet={sheet} />, { fetch: api.fetch });
    tick('Judges');
    tick('Teardown');
    const dialog = await continueToForm('Sign up: 2 slots');
    fillAndSubmit(dialog);
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('Nothing was saved')).toBeDefined();
    expect(within(alert).getByText('Judges: This volunteer slot is full')).toBeDefined();
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^Name/).value).toBe('Jamie Rivera');
    expect(readSignupMemory().signups).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(bar()?.textContent).toContain('2 slots selected');
  });

  it('takes a slot out of the signup from the form, and out of the ticks', async () => {
    const api = multiServer(many(false));
    renderWithProviders(<SheetDetails sheet={sheet} />, { fetch: api.fetch });
    tick('Judges');
    tick('Teardown');
    tick('Greeters');
    const dialog = await continueToForm('Sign up: 3 slots');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Teardown' }));
    expect(await screen.findByRole('dialog', { name: 'Sign up: 2 slots' })).toBeDefined();
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select Teardown' }).checked).toBe(false);
    fillAndSubmit(dialog);
    await screen.findByText('Signup Successful!');
    expect(api.calls.find((c) => c.path === 'volunteers.createMany')?.input).toMatchObject({ slotIds: [4, 2] });
  });

  it('puts a full slot on its waitlist and says which slots are confirmed and which waitlisted', async () => {
    const withFull: SheetDetail = {
      ...sheet,
      slots: [
        ...sheet.slots.filter((s) => s.id !== 2),
        slot(2, 'Judges', schoolDate(2031, 2, 14, 19, 0), { currentVolunteers: 2 }),
      ],
    };
    const api = multiServer(many(false, [2]));
    renderWithProviders(<SheetDetails sheet={withFull} />, { fetch: api.fetch });
    tick('Greeters');
    tick('Judges for the waitlist');
    const dialog = await continueToForm('Sign up: 2 slots');
    expect(within(dialog).getByText("Full: you'll join the waitlist")).toBeDefined();
    fillAndSubmit(dialog);
    expect(
      await screen.findByText(
        "Thank you for volunteering! You're signed up for Greeters. You're on the waitlist for Judges. You'll be signed up automatically if a spot opens up.",
      ),
    ).toBeDefined();
    expect(api.calls.find((c) => c.path === 'volunteers.createMany')?.input).toMatchObject({
      slotIds: [4, 2],
      waitlist: true,
    });
    expect(readSignupMemory().signups.map((s) => s.status)).toEqual(['confirmed', 'waitlisted']);
  });

  it("stops ticking at the sheet's limit of slots per person, and says so", () => {
    renderWithProviders(<SheetDetails sheet={{ ...sheet, maxSlotsPerPerson: 2 }} />);
    expect(screen.getByText('You can sign up for at most 2 slots on this sheet.')).toBeDefined();
    tick('Judges');
    expect(bar()?.textContent).not.toContain('at most');
    tick('Teardown');
    expect(bar()?.textContent).toContain('You can sign up for at most 2 slots on this sheet');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select Greeters' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select Judges' }).disabled).toBe(false);
  });
});

describe('SheetDetails: at most 20 slots in one signup', () => {
  it('stops ticking at 20, as the server would refuse more at once', () => {
    const many: SheetDetail = {
      ...sheet,
      slots: Array.from({ length: 21 }, (_, i) =>
        slot(i + 1, `Shift ${String(i + 1).padStart(2, '0')}`, schoolDate(2031, 2, 14, 8, i)),
      ),
    };
    renderWithProviders(<SheetDetails sheet={many} />);
    for (let i = 1; i <= 20; i++) tick(`Shift ${String(i).padStart(2, '0')}`);
    expect(bar()?.textContent).toContain('20 slots selected');
    expect(bar()?.textContent).toContain('You can sign up for at most 20 slots at once');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select Shift 21' }).disabled).toBe(true);
  });
});

describe("SheetDetails: the sheet's questions and item slots", () => {
  const asking: SheetDetail = {
    ...sheet,
    questions: [
      { id: 'child', label: "Child's name and class", kind: 'text', required: true },
      { id: 'size', label: 'T-shirt size', kind: 'choice', options: ['S', 'M', 'L'], required: false },
    ],
    slots: [
      slot(2, 'Judges', schoolDate(2031, 2, 14, 19, 0)),
      slot(5, 'Cupcakes', null, {
        kind: 'item',
        maxVolunteers: 24,
        currentVolunteers: 12,
        volunteers: [
          {
            id: 50,
            slotId: 5,
            name: 'Jane D.',
            signupTime: schoolDate(2030, 11, 1),
            isMine: false,
            status: 'confirmed',
            quantity: 12,
          },
        ],
      }),
    ],
  };

  it("says the answers' sentences before sending, then sends the answers and the quantity", async () => {
    const api = multiServer(many(true));
    renderWithProviders(<SheetDetails sheet={asking} />, { fetch: api.fetch });
    const cupcakes = screen.getByRole('article', { name: 'Cupcakes' });
    expect(within(cupcakes).getByText('12 still needed')).toBeDefined();
    expect(within(cupcakes).getByText('Jane D. · 12')).toBeDefined();
    tick('Judges');
    tick('Cupcakes');
    const dialog = await continueToForm('Sign up: 2 slots');
    fillAndSubmit(dialog);
    expect(within(dialog).getByText("Child's name and class is required")).toBeDefined();
    expect(api.calls.some((c) => c.path === 'volunteers.createMany')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/^Child's name and class/), { target: { value: 'Sam, 3B' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'L' }));
    fireEvent.change(within(dialog).getByLabelText(/^How many will you bring\? \(Cupcakes\)/), {
      target: { value: '6' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign Up' }));
    await screen.findByText('Signup Successful!');
    expect(api.calls.find((c) => c.path === 'volunteers.createMany')?.input).toMatchObject({
      slotIds: [2, 5],
      answers: { child: 'Sam, 3B', size: 'L' },
      quantities: { 5: 6 },
    });
  });

  it("offers 'I'll bring this' on an item slot, whose form asks how many", async () => {
    const api = multiServer(many(true));
    renderWithProviders(<SheetDetails sheet={asking} />, { fetch: api.fetch });
    fireEvent.click(
      within(screen.getByRole('article', { name: 'Cupcakes' })).getByRole('button', { name: "I'll bring this" }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Sign up: Cupcakes' });
    fireEvent.change(within(dialog).getByLabelText(/^Child's name and class/), { target: { value: 'Sam' } });
    fireEvent.change(within(dialog).getByLabelText(/^How many will you bring\?/), { target: { value: '12' } });
    fillAndSubmit(dialog);
    await screen.findByText('Signup Successful!');
    expect(api.calls.find((c) => c.path === 'volunteers.create')?.input).toMatchObject({ slotId: 5, quantity: 12 });
  });
});

describe('SheetDetails: what this browser remembers', () => {
  const robin = { volunteerId: 11, slotId: 3, sheetId: 1, token: '11-robin', status: 'confirmed' as const };

  it("shows the parent's own slots as theirs with the manage link, and forgets the gone ones", async () => {
    rememberSignups(
      [robin, { volunteerId: 99, slotId: 2, sheetId: 1, token: '99-gone', status: 'confirmed' }],
      undefined,
      1_000,
    );
    renderWithProviders(<SheetDetails sheet={sheet} fetchedAt={2_000} />);
    const setup = screen.getByRole('article', { name: 'Setup crew' });
    expect(within(setup).getByText("You're signed up")).toBeDefined();
    expect(within(setup).getByRole('link', { name: 'Change or cancel' }).getAttribute('href')).toBe(
      '/my-signup?token=11-robin',
    );
    expect(within(setup).queryByRole('button', { name: 'Sign Up' })).toBeNull();
    expect(within(setup).queryByRole('checkbox')).toBeNull();
    // Volunteer 99 is on no slot any more (cancelled elsewhere): forgotten.
    expect(within(screen.getByRole('article', { name: 'Judges' })).queryByText("You're signed up")).toBeNull();
    await waitFor(() => expect(readSignupMemory().signups.map((s) => s.volunteerId)).toEqual([11]));
  });

  it('keeps a signup remembered after the sheet was read, which the next read will list', () => {
    rememberSignups([{ ...robin, volunteerId: 98 }], undefined, 3_000);
    renderWithProviders(<SheetDetails sheet={sheet} fetchedAt={2_000} />);
    expect(readSignupMemory().signups.map((s) => s.volunteerId)).toEqual([98]);
  });

  it('prefills the next form with the remembered details, the reminder choice included', async () => {
    rememberSignups([], { name: 'Jamie Rivera', email: 'jamie@example.org', phone: '555-0142', emailConsent: false });
    renderWithProviders(<SheetDetails sheet={sheet} />);
    const dialog = await signUpFor('Judges');
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^Name/).value).toBe('Jamie Rivera');
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^Email/).value).toBe('jamie@example.org');
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^Phone/).value).toBe('555-0142');
    expect(
      within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Send me reminders about this event' }).checked,
    ).toBe(false);
  });

  it('ticks the reminder checkbox for a first signup', async () => {
    renderWithProviders(<SheetDetails sheet={sheet} />);
    const dialog = await signUpFor('Judges');
    expect(
      within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Send me reminders about this event' }).checked,
    ).toBe(true);
  });

  it("does not remember a signed-in account's signups (its account shows them)", async () => {
    const me = {
      id: 3,
      name: 'Pat Parent',
      email: 'pat@example.org',
      phone: '555-0101',
      isAdmin: false,
      emailConsent: true,
    };
    const api = server(answer(true), me);
    renderWithProviders(<SheetDetails sheet={sheet} />, {
      fetch: api.fetch,
      user: { id: 3, name: 'Pat Parent', isAdmin: false },
    });
    await waitFor(() => expect(api.calls.map((c) => c.path)).toContain('auth.me'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    fireEvent.click(within(await signUpFor('Judges')).getByRole('button', { name: 'Sign Up' }));
    await screen.findByText('Signup Successful!');
    expect(readSignupMemory()).toEqual({ signups: [], details: null });
  });
});
