import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeTrpcError, fakeTrpc, type FakeProcedure } from '../../../../test/fakeTrpc';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import type { HeldData, PrivacyLogEntry } from './privacy';
import { PrivacyTab } from './PrivacyTab';

const admin = { id: 1, name: 'Ada Admin', isAdmin: true };

/** What the server holds about Pat: an account, two signups (one with notes and answers), two consent changes. */
function patData(): HeldData {
  return {
    email: 'pat@example.org',
    exportedAt: new Date('2031-05-04T01:00:00Z'),
    account: {
      id: 7,
      name: 'Pat Parent',
      email: 'pat@example.org',
      phone: '604-555-0199',
      role: 'member',
      emailVerified: true,
      emailConsent: false,
      createdAt: new Date('2031-04-10T19:00:00Z'),
      lastLoginAt: null,
    },
    signups: [
      {
        id: 11,
        status: 'confirmed',
        name: 'Pat Parent',
        email: 'pat@example.org',
        phone: '604-555-0199',
        notes: 'Allergic to nuts',
        answers: [
          { question: 'T-shirt size', answer: 'M' },
          { question: 'Can lift boxes', answer: true },
        ],
        quantity: 1,
        signupTime: new Date('2031-04-01T17:00:00Z'),
        emailConsent: true,
        attended: null,
        // 9 to 11 AM on Saturday, May 3 in Vancouver.
        sheet: {
          id: 3,
          title: 'Spring Fair',
          eventDate: new Date('2031-05-03T16:00:00Z'),
          location: null,
          organizerName: 'Olivia Organizer',
        },
        slot: {
          id: 5,
          title: 'Bake sale',
          startTime: new Date('2031-05-03T16:00:00Z'),
          endTime: new Date('2031-05-03T18:00:00Z'),
          location: null,
        },
      },
      {
        id: 12,
        status: 'waitlisted',
        name: 'Pat P.',
        email: 'pat+school@example.org',
        phone: '604-555-0100',
        notes: null,
        answers: [],
        quantity: 1,
        signupTime: new Date('2031-04-02T17:00:00Z'),
        emailConsent: false,
        attended: null,
        sheet: {
          id: 4,
          title: 'Book Fair',
          eventDate: new Date('2031-06-10T02:00:00Z'),
          location: 'Library',
          organizerName: 'Olivia Organizer',
        },
        slot: { id: 6, title: 'Cashier', startTime: null, endTime: null, location: null },
      },
    ],
    consentHistory: [
      { consent: true, source: 'signup', at: new Date('2031-04-01T17:00:00Z') },
      { consent: false, source: 'unsubscribe', at: new Date('2031-04-20T17:30:00Z') },
    ],
  };
}

function logEntry(id: number, action: PrivacyLogEntry['action'], at: string, detail = ''): PrivacyLogEntry {
  return { id, action, actorName: 'Ada Admin', detail, at: new Date(at) };
}

/** The server's privacy procedures, as a test needs them; the log and the contact answer something by default. */
function server(procedures: Record<string, FakeProcedure>) {
  return fakeTrpc({
    'privacy.log': () => [],
    'settings.get': () => ({ key: 'privacyContact', value: null }),
    ...procedures,
  });
}

function find(email: string) {
  fireEvent.change(screen.getByLabelText('Email address'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Find' }));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Privacy requests', () => {
  it('refuses an address the shared schema refuses, without searching', async () => {
    const fake = server({ 'privacy.search': () => patData() });
    renderWithProviders(<PrivacyTab />, { user: admin, fetch: fake.fetch });
    find('not an address');
    expect(await screen.findByText('Please enter a valid email address')).toBeDefined();
    expect(fake.calls.some((c) => c.path === 'privacy.search')).toBe(false);
  });

  it('finds the account, each signup and the consent history, every time on the school’s clock', async () => {
    const fake = server({ 'privacy.search': () => patData() });
    renderWithProviders(<PrivacyTab />, { user: admin, fetch: fake.fetch });
    find('  Pat@Example.org ');

    const found = await screen.findByRole('region', { name: 'What is held about pat@example.org' });
    expect(fake.calls.find((c) => c.path === 'privacy.search')?.input).toEqual({ email: 'pat@example.org' });
    expect(within(found).getByText('An account and 2 signups.')).toBeDefined();

    const account = within(found).getByRole('region', { name: 'Account' });
    expect(within(account).getByText('Pat Parent')).toBeDefined();
    expect(within(account).getByText('604-555-0199')).toBeDefined();
    expect(within(account).getByText('Member')).toBeDefined();
    expect(within(account).getByText('Thursday, April 10, 2031 at 12:00 PM')).toBeDefined();
    expect(within(account).getByText('Never')).toBeDefined();

    const signups = within(found).getByRole('region', { name: 'Signups (2)' });
    const fair = within(signups).getByRole('article', { name: 'Spring Fair: Bake sale' });
    expect(within(fair).getByText('Saturday, May 3, 2031 · 9:00 AM – 11:00 AM')).toBeDefined();
    expect(within(fair).getByText('Confirmed')).toBeDefined();
    expect(within(fair).getByText('Allergic to nuts')).toBeDefined();
    expect(within(fair).getByText('T-shirt size: M')).toBeDefined();
    expect(within(fair).getByText('Can lift boxes: Yes')).toBeDefined();
    expect(within(fair).getByText('Tuesday, April 1, 2031 at 10:00 AM')).toBeDefined();
    const book = within(signups).getByRole('article', { name: 'Book Fair: Cashier' });
    // A slot without a start time happens at the sheet's event time: 7 PM on June 9 in Vancouver.
    expect(within(book).getByText('Monday, June 9, 2031 at 7:00 PM')).toBeDefined();
    expect(within(book).getByText('On the waitlist')).toBeDefined();
    expect(within(book).getByText('pat+school@example.org')).toBeDefined();

    const consent = within(found).getByRole('region', { name: 'Consent history' });
    expect(
      within(consent)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Agreed to emails on the signup form, Tuesday, April 1, 2031 at 10:00 AM',
      'Stopped emails with the unsubscribe link in an email, Sunday, April 20, 2031 at 10:30 AM',
    ]);
    // The search is logged: the log is asked again.
    await waitFor(() => expect(fake.calls.filter((c) => c.path === 'privacy.log').length).toBeGreaterThan(1));
  });

  it('says so when nothing is held, and offers no erasure', async () => {
    const fake = server({
      'privacy.search': (input) => ({
        ...patData(),
        email: (input as { email: string }).email,
        account: null,
        signups: [],
        consentHistory: [],
      }),
    });
    renderWithProviders(<PrivacyTab />, { user: admin, fetch: fake.fetch });
    find('nobody@example.org');
    const found = await screen.findByRole('region', { name: 'What is held about nobody@example.org' });
    expect(within(found).getByText('Nothing is held about this address.')).toBeDefined();
    expect(within(found).getByText('No account uses this address.')).toBeDefined();
    expect(within(found).getByText('No signups use this address.')).toBeDefined();
    expect(within(found).queryByRole('button', { name: 'Erase everything' })).toBeNull();
    expect(within(found).getByRole('button', { name: 'Download for the person' })).toBeDefined();
  });

  it('downloads exactly what was found as a JSON file not named after the address', async () => {
    const fake = server({ 'privacy.search': () => patData() });
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:privacy-test';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });

    renderWithProviders(<PrivacyTab />, { user: admin, fetch: fake.fetch });
    find('pat@example.org');
    fireEvent.click(await screen.findByRole('button', { name: 'Download for the person' }));

    expect(clicked).toEqual([{ href: 'blob:privacy-test', download: 'pac-hub-data-2031-05-03-1800.json' }]);
    expect(blobs).toHaveLength(1);
    expect(JSON.parse(await (blobs[0] as Blob).text())).toEqual(JSON.parse(JSON.stringify(patData())));
  });

  it('erases after a confirmation naming the address, toasts the counts and shows the empty result', async () => {
    let erased = false;
    const fake = server({
      'privacy.search': () => (erased ? { ...patData(), account: null, signups: [], consentHistory: [] } : patData()),
      'privacy.erase': () => {
        erased = true;
        return { signups: 2, account: true };
      },
    });
    renderWithProviders(<PrivacyTab />, { user: admin, fetch: fake.fetch });
    find('pat@example.org');
    fireEvent.click(await screen.findByRole('button', { name: 'Erase everything' }));

    const dialog = await screen.findByRole('dialog', { name: 'Erase everything?' });
    expect(dialog.textContent).toContain('Everything held about pat@example.org will be erased.');
    expect(dialog.textContent).toContain('Their account will be deleted');
    expect(dialog.textContent).toContain("Their 2 signups will stay counted as 'Former volunteer'");
    expect(dialog.textContent).toContain('This cannot be undone.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase everything' }));

    expect(await screen.findByText('Erased 2 signups and 1 account.')).toBeDefined();
    expect(fake.calls.find((c) => c.path === 'privacy.erase')?.input).toEqual({ email: 'pat@example.org' });
    const found = await screen.findByRole('region', { name: 'What is held about pat@example.org' });
    await within(found).findByText('Nothing is held about this address.');
    expect(fake.calls.filter((c) => c.path === 'privacy.search')).toHaveLength(2);
    await waitFor(() => expect(document.activeElement?.textContent).toBe('What is held about pat@example.org'));
  });

  it("shows the server's reason when the last administrator would be erased, and keeps the results", async () => {
    const fake = server({
      'privacy.search': () => ({ ...patData(), account: { ...patData().account, role: 'admin' } }),
      'privacy.erase': () => {
        throw new FakeTrpcError('CONFLICT', 'The last administrator account cannot be deleted', {
          reason: 'lastAdmin',
        });
      },
    });
    renderWithProviders(<PrivacyTab />, { user: admin, fetch: fake.fetch });
    find('pat@example.org');
    fireEvent.click(await screen.findByRole('button', { name: 'Erase everything' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Erase everything?' })).getByRole('button', {
        name: 'Erase everything',
      }),
    );
    expect(await screen.findByText('The last administrator account cannot be deleted')).toBeDefined();
    expect(screen.getByText('Erase Failed')).toBeDefined();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Erase everything?' })).toBeNull());
    expect(screen.getByText('An account and 2 signups.')).toBeDefined();
  });

  it("shows the server's sentence when the search is refused", async () => {
    const fake = server({
      'privacy.search': () => {
        throw new FakeTrpcError('FORBIDDEN', 'Admin access required');
      },
    });
    renderWithProviders(<PrivacyTab />, { user: admin, fetch: fake.fetch });
    find('pat@example.org');
    expect(await screen.findByText('Could not search')).toBeDefined();
    expect(screen.getByText('Admin access required')).toBeDefined();
  });
});

describe('Privacy log', () => {
  it('lists who did what and when, newest first as the server sends it, in words', async () => {
    const fake = server({
      'privacy.log': () => [
        logEntry(3, 'volunteersCsv', '2031-05-04T01:00:00Z', 'Volunteer CSV of every sheet they run'),
        logEntry(2, 'erase', '2031-05-03T20:15:00Z', '2 signups and 1 account erased'),
        logEntry(1, 'search', '2031-05-03T20:10:00Z', '1 account, 2 signups found'),
      ],
    });
    renderWithProviders(<PrivacyTab />, { user: admin, fetch: fake.fetch });
    const log = await screen.findByRole('list', { name: 'Privacy log' });
    const items = within(log).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Exported volunteers CSVby Ada AdminSaturday, May 3, 2031 at 6:00 PMVolunteer CSV of every sheet they run',
      'Erasedby Ada AdminSaturday, May 3, 2031 at 1:15 PM2 signups and 1 account erased',
      'Searchedby Ada AdminSaturday, May 3, 2031 at 1:10 PM1 account, 2 signups found',
    ]);
  });

  it('says when nothing has been logged, and when the log cannot be loaded', async () => {
    const empty = server({});
    const { unmount } = renderWithProviders(<PrivacyTab />, { user: admin, fetch: empty.fetch });
    expect(await screen.findByText('Nothing has been logged yet.')).toBeDefined();
    unmount();
    const failing = server({
      'privacy.log': () => {
        throw new FakeTrpcError('FORBIDDEN', 'Admin access required');
      },
    });
    renderWithProviders(<PrivacyTab />, { user: admin, fetch: failing.fetch });
    expect(await screen.findByText('Could not load the privacy log')).toBeDefined();
  });
});

describe('Privacy contact', () => {
  it('loads the current address, checks a new one as the server would and saves it', async () => {
    let contact: string | null = 'old@example.org';
    const fake = server({
      'settings.get': () => ({ key: 'privacyContact', value: contact }),
      'settings.set': (input) => {
        contact = (input as { value: string }).value;
        return { key: 'privacyContact', value: contact };
      },
    });
    renderWithProviders(<PrivacyTab />, { user: admin, fetch: fake.fetch });
    const region = screen.getByRole('region', { name: 'Privacy contact' });
    expect(within(region).getByText(/shown on the/).textContent).toContain('privacy policy');
    const field = await within(region).findByLabelText<HTMLInputElement>('Privacy contact email');
    expect(field.value).toBe('old@example.org');

    fireEvent.change(field, { target: { value: 'nope' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Save' }));
    expect(await within(region).findByText('Please enter a valid email address')).toBeDefined();
    expect(fake.calls.some((c) => c.path === 'settings.set')).toBe(false);

    fireEvent.change(field, { target: { value: ' Privacy@Example.org ' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The privacy policy now shows privacy@example.org.')).toBeDefined();
    expect(fake.calls.find((c) => c.path === 'settings.set')?.input).toEqual({
      key: 'privacyContact',
      value: 'privacy@example.org',
    });
    expect(field.value).toBe('privacy@example.org');
  });

  it('starts empty when no contact is set', async () => {
    renderWithProviders(<PrivacyTab />, { user: admin, fetch: server({}).fetch });
    expect((await screen.findByLabelText<HTMLInputElement>('Privacy contact email')).value).toBe('');
  });
});
