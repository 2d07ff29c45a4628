import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, signIn, startJourney } from './harness';

/**
 * The roster as the door needs it (API.md "An organizer's season"): slot after slot rather than a
 * page per slot, each with how many spots are open, a blank line per open spot for walk-ins, its
 * waitlist apart, answers and quantities, everyone by name. A sheet of 8 small slots and 11
 * volunteers is set up through the real API, its roster printed by Chromium, and the PDF read back
 * with pdf.js.
 */

const timeZone = 'America/Vancouver';
let journey: Journey;
let sheetId = 0;
const organizer = { name: 'Noor Organizer', email: 'noor@example.org', password: 'noor-secret-12' };
const sheetLocation = 'Gym, 123 Main St';

interface Person {
  name: string;
  phone: string;
  quantity?: number;
  size?: 'S' | 'M' | 'L';
}
interface SlotPlan {
  title: string;
  maxVolunteers: number;
  kind?: 'task' | 'item';
  location?: string;
  /** Signed up in this order (not name order). */
  confirmed: Person[];
  /** Joined the waitlist in this order, once the slot was full. */
  waitlisted?: Person[];
  /** Spots (items, on an item slot) still open once everyone above has signed up. */
  open: number;
}

const plan: SlotPlan[] = [
  {
    title: 'Setup crew',
    maxVolunteers: 3,
    confirmed: [
      { name: 'Fatima Noor', phone: '604-555-0111', size: 'M' },
      { name: 'Émile Roy', phone: '604-555-0112', size: 'L' },
      { name: 'Edgar Lee', phone: '604-555-0113' },
    ],
    open: 0,
  },
  {
    title: 'Ticket table',
    maxVolunteers: 2,
    location: 'Front doors',
    confirmed: [
      { name: 'Oscar Diaz', phone: '604-555-0121' },
      { name: 'Ines Park', phone: '604-555-0122', size: 'S' },
    ],
    waitlisted: [
      { name: 'Yusuf Hale', phone: '604-555-0123' },
      { name: 'Bea Quinn', phone: '604-555-0124' },
    ],
    open: 0,
  },
  {
    title: 'Bake sale cookies',
    maxVolunteers: 3,
    kind: 'item',
    confirmed: [{ name: 'Hana Sato', phone: '604-555-0131', quantity: 2 }],
    open: 1,
  },
  { title: 'Face painting', maxVolunteers: 2, confirmed: [{ name: 'Chloé Martin', phone: '604-555-0141' }], open: 1 },
  { title: 'Games booth', maxVolunteers: 3, confirmed: [{ name: 'Diego Ruiz', phone: '604-555-0151' }], open: 2 },
  { title: 'Raffle', maxVolunteers: 2, confirmed: [{ name: 'Kofi Mensah', phone: '604-555-0161' }], open: 1 },
  { title: 'First aid', maxVolunteers: 2, confirmed: [], open: 2 },
  { title: 'Clean-up crew', maxVolunteers: 3, confirmed: [], open: 3 },
];

/** 9:00 AM at the school (summer or winter), ten days from now. */
function eventStart(): Date {
  const day = new Date(Date.now() + 10 * 24 * 3_600_000);
  const guess = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 16);
  const hour = Number(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hour12: false }).format(guess));
  return new Date(guess + (9 - hour) * 3_600_000);
}
const start = eventStart();
const slotStart = (index: number) => new Date(start.getTime() + index * 3_600_000);
const schoolTime = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(date);
const schoolDay = (date: Date) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(date);

/** PDF text comes in runs split at line breaks and ligatures: compare without white space, composed. */
const squash = (text: string) => text.normalize('NFC').replace(/\s+/g, '');

beforeAll(async () => {
  journey = await startJourney({ SCHOOL_TIMEZONE: timeZone });
  const registered = await journey.api('POST', '/api/auth/register', organizer, false);
  expect(registered.status).toBe(201);
  const organizerId = (registered.body as { id: number }).id;
  expect((await journey.api('PATCH', `/api/users/${organizerId}`, { role: 'organizer' })).status).toBe(200);

  const sheet = await journey.api('POST', '/api/signup-sheets', {
    title: 'Spring Fair',
    description: 'Games, food and music',
    eventDate: start.toISOString(),
    location: sheetLocation,
    organizerName: organizer.name,
    organizerEmail: organizer.email,
    questions: [{ label: 'T-shirt size', kind: 'choice', options: ['S', 'M', 'L'], required: false }],
  });
  expect(sheet.status).toBe(201);
  const created = sheet.body as { id: number; questions: { id: string }[] };
  sheetId = created.id;
  const sizeQuestion = created.questions[0]?.id ?? '';
  expect((await journey.api('PATCH', `/api/signup-sheets/${sheetId}`, { ownerId: organizerId })).status).toBe(200);

  let n = 0;
  for (const [index, slot] of plan.entries()) {
    const res = await journey.api('POST', '/api/volunteer-slots', {
      signupSheetId: sheetId,
      title: slot.title,
      startTime: slotStart(index).toISOString(),
      endTime: new Date(slotStart(index).getTime() + 3_600_000).toISOString(),
      maxVolunteers: slot.maxVolunteers,
      kind: slot.kind ?? 'task',
      ...(slot.location ? { location: slot.location } : {}),
    });
    expect(res.status).toBe(201);
    const slotId = (res.body as { id: number }).id;
    const signUp = async (person: Person, waitlist: boolean) => {
      n += 1;
      // Entered by the administrator, as a coordinator takes names on paper (no signup rate limit).
      const signup = await journey.api('POST', '/api/volunteers', {
        slotId,
        name: person.name,
        email: `volunteer-${n}@example.org`,
        phone: person.phone,
        ...(person.quantity ? { quantity: person.quantity } : {}),
        ...(person.size ? { answers: { [sizeQuestion]: person.size } } : {}),
        ...(waitlist ? { waitlist: true } : {}),
      });
      expect(signup.status).toBe(201);
      expect((signup.body as { status: string }).status).toBe(waitlist ? 'waitlisted' : 'confirmed');
    };
    for (const person of slot.confirmed) await signUp(person, false);
    for (const person of slot.waitlisted ?? []) await signUp(person, true);
  }
  const everyone = plan.flatMap((s) => [...s.confirmed, ...(s.waitlisted ?? [])]);
  expect(everyone).toHaveLength(11);
});
afterAll(() => journey.close());

describe('the printed roster for the door', () => {
  it('answers, per slot, its confirmed volunteers by name, spots open and the waitlist apart', async () => {
    const res = await journey.api('GET', `/api/signup-sheets/${sheetId}/roster`);
    expect(res.status).toBe(200);
    const roster = res.body as {
      slots: { title: string; spotsOpen: number; volunteers: { name: string }[]; waitlist: { name: string }[] }[];
    };
    expect(roster.slots.map((s) => [s.title, s.spotsOpen])).toEqual(plan.map((s) => [s.title, s.open]));
    expect(roster.slots[0]?.volunteers.map((v) => v.name)).toEqual(['Edgar Lee', 'Émile Roy', 'Fatima Noor']);
    expect(roster.slots[1]?.waitlist.map((v) => v.name)).toEqual(['Yusuf Hale', 'Bea Quinn']);
  });

  it('fits on a phone: no sideways scrolling at 390 px', async () => {
    const phone = await journey.browser.newContext({
      baseURL: journey.server.url,
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    try {
      const page = await phone.newPage();
      await signIn(page, organizer);
      await page.goto(`/signup-sheet/${sheetId}/roster`);
      await page.getByRole('heading', { level: 1, name: 'Spring Fair' }).waitFor();
      const ticket = page.getByRole('region', { name: 'Ticket table' });
      await ticket.getByRole('heading', { name: 'Waitlist' }).waitFor();
      await ticket.getByText('2 of 2 filled · Full').waitFor();
      await page.getByRole('button', { name: 'Mark Émile Roy as attended' }).waitFor();
      const sideways = await page.evaluate(
        () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
      );
      expect(sideways).toBe(false);
    } finally {
      await phone.close();
    }
  });

  it('prints slot after slot on fewer pages than slots, with walk-in lines, the waitlist apart and names in order', async () => {
    const { page } = journey;
    await signIn(page, organizer);
    await page.goto(`/signup-sheet/${sheetId}/roster`);
    await page.getByRole('heading', { level: 1, name: 'Spring Fair' }).waitFor();
    await page.getByRole('button', { name: 'Mark Edgar Lee as attended' }).waitFor();
    const pdf = await page.pdf({ format: 'Letter', printBackground: true });

    const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false }).promise;
    const pages: string[] = [];
    for (let n = 1; n <= document.numPages; n++) {
      const content = await (await document.getPage(n)).getTextContent();
      pages.push(squash(content.items.map((item) => ('str' in item ? item.str : '')).join('')));
    }
    await document.destroy();

    // Compact: 8 slots and 11 people on one or two pages, never a page per slot.
    expect(pages.length).toBeLessThan(plan.length);
    expect(pages.length).toBeLessThanOrEqual(2);
    const text = pages.join('');

    // The event: its title, its date on the school's clock, where it is; none of the screen's chrome.
    expect(text.startsWith(squash('Spring Fair'))).toBe(true);
    expect(text).toContain(squash(schoolDay(start)));
    expect(text).toContain(squash(sheetLocation));
    for (const chrome of ['Print roster', 'Back to the signup sheet', 'checked in', 'Mark ', 'Event day roster']) {
      expect(text).not.toContain(squash(chrome));
    }

    // Each slot's part of the text runs from its title to the next slot's.
    const starts = plan.map((slot) => text.indexOf(squash(slot.title)));
    expect(starts.every((at) => at > 0)).toBe(true);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    const partOf = (index: number) => text.slice(starts[index], starts[index + 1] ?? text.length);
    const count = (haystack: string, needle: string) => haystack.split(squash(needle)).length - 1;

    for (const [index, slot] of plan.entries()) {
      const part = partOf(index);
      // Its times on the school's clock, and where it is.
      const from = slotStart(index);
      expect(part).toContain(squash(`${schoolTime(from)} – ${schoolTime(new Date(from.getTime() + 3_600_000))}`));
      expect(part).toContain(squash(slot.location ?? sheetLocation));
      // As many blank lines for walk-ins as spots open.
      expect(count(part, 'Walk-in'), `${slot.title}: walk-in lines`).toBe(slot.open);
      if (slot.kind === 'item') {
        expect(part).toContain(squash(`${slot.maxVolunteers - slot.open} of ${slot.maxVolunteers} pledged`));
        expect(part).toContain(squash(`${slot.open} still needed`));
      } else {
        const filled = slot.maxVolunteers - slot.open;
        expect(part).toContain(
          squash(`${filled} of ${slot.maxVolunteers} filled · ${slot.open === 0 ? 'Full' : `${slot.open} spot`}`),
        );
      }
      // Confirmed volunteers by name, with their phones, before any waitlist.
      const names = [...slot.confirmed].map((p) => p.name).sort((a, b) => a.localeCompare(b, 'en'));
      const positions = names.map((name) => part.indexOf(squash(name)));
      expect(positions.every((at) => at >= 0)).toBe(true);
      expect(
        [...positions].sort((a, b) => a - b),
        `${slot.title}: names in order`,
      ).toEqual(positions);
      for (const person of slot.confirmed) expect(part).toContain(squash(person.phone));

      const waitlistAt = part.indexOf(squash('Waitlist'));
      if (!slot.waitlisted) {
        expect(waitlistAt, `${slot.title}: no waitlist`).toBe(-1);
        continue;
      }
      // The waitlist apart: after every confirmed row and every blank line, in waitlist order.
      expect(waitlistAt).toBeGreaterThan(Math.max(...positions, part.lastIndexOf(squash('Walk-in'))));
      const waiting = slot.waitlisted.map((p) => part.indexOf(squash(p.name)));
      expect(waiting.every((at) => at > waitlistAt)).toBe(true);
      expect([...waiting].sort((a, b) => a - b)).toEqual(waiting);
      expect(part).toContain(squash(`1.${slot.waitlisted[0]?.name ?? ''}`));
      expect(part).toContain(squash(`2.${slot.waitlisted[1]?.name ?? ''}`));
      expect(count(text, 'Waitlist')).toBe(1);
    }

    // Names sorted whatever their accents: Edgar, Émile, Fatima.
    const setup = partOf(0);
    expect(setup.indexOf(squash('Edgar Lee'))).toBeLessThan(setup.indexOf(squash('Émile Roy')));
    expect(setup.indexOf(squash('Émile Roy'))).toBeLessThan(setup.indexOf(squash('Fatima Noor')));
    // Answers and quantities.
    expect(setup).toContain(squash('T-shirt size: L'));
    expect(partOf(1)).toContain(squash('T-shirt size: S'));
    const cookies = partOf(2);
    expect(cookies).toContain(squash('Brings'));
    expect(cookies).toMatch(new RegExp(`${squash('Hana Sato')}2${squash('604-555-0131')}`));
  });
});
