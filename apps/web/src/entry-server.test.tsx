// @vitest-environment node
import { i18nFor } from '@pac/i18n/server';
import { type EmbeddedQuery, schoolClockOf } from '@pac/validators/page-data';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { renderPage } from './entry-server';
import { testSchoolClock } from '../test/schoolTime';

/** The page rendered as the server renders it, with the server's messages. */
const render = (url: string, pageData: Parameters<typeof renderPage>[1]) => renderPage(url, pageData, i18nFor);

/**
 * The server's rendering of a page (what apps/server/src/http/page.ts runs from the built
 * dist-ssr/entry-server.js; e2e/server-rendering.test.ts checks the built one in Chromium), here from
 * the source under Node, as on the server: no window, no document, no localStorage.
 */

/** `text`, matched as it is in a regular expression. */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000);

function slot(id: number, title: string) {
  return {
    id,
    signupSheetId: 1,
    title,
    description: null,
    startTime: null as Date | null,
    endTime: null as Date | null,
    maxVolunteers: 3,
    currentVolunteers: 1,
    waitlistCount: 0,
    volunteers: [],
  };
}

const sheet = (id: number, title: string, slots: ReturnType<typeof slot>[]) => ({
  id,
  title,
  description: `All about ${title}`,
  eventDate: inDays(7),
  organizerName: 'Olivia Organizer',
  organizerEmail: 'olivia@example.org',
  ownerId: 1,
  createdAt: new Date(),
  slots,
});

const admin = { id: 1, name: 'Ada Admin', email: 'ada@example.org', isAdmin: true, role: 'admin' };

/** What page.ts embeds: each answer as superjson writes it. */
const entry = (path: string, data: unknown, input?: unknown): EmbeddedQuery =>
  input === undefined ? { path, data: superjson.serialize(data) } : { path, input, data: superjson.serialize(data) };

/** What every page gets: the visitor, the school's clock and the language. */
const everyPage = (me: unknown, language = { language: 'en', dir: 'ltr' }) => [
  entry('auth.me', me),
  entry('settings.schoolClock', testSchoolClock),
  entry('settings.language', language),
];

const homeData = (me: unknown, language?: { language: string; dir: string }) => [
  ...everyPage(me, language),
  entry('settings.heroContent', undefined),
  entry('settings.getPublic', { value: null }, { key: 'heroImageUrl' }),
  entry('sheets.list', [sheet(1, 'Spring Fair', [slot(1, 'Face painting')]), sheet(2, 'Book <Swap> & more', [])]),
];

describe('renderPage', () => {
  it('renders the home page from the embedded data: the cards, their links, and Login for a visitor', async () => {
    const html = await render('/', homeData(null));
    expect(html).toContain('>Spring Fair</h3>');
    expect(html).toContain('>Book &lt;Swap&gt; &amp; more</h3>');
    expect(html.match(/>View &amp; Sign Up</g)).toHaveLength(2);
    expect(html).toContain('href="/signup-sheet/1"');
    expect(html).toContain('>Login<');
    expect(html).not.toMatch(/<(?:script|template)\b/);
  });

  it('renders each page for its own visitor: nothing carries over from one render to the next', async () => {
    const forAdmin = await render('/', homeData(admin));
    expect(forAdmin).toContain('Account menu for');
    expect(forAdmin).toContain('aria-label="Delete Spring Fair"');
    const forVisitor = await render('/', homeData(null));
    expect(forVisitor).not.toContain('Account menu for');
    expect(forVisitor).not.toContain('Delete Spring Fair');
  });

  it("renders the page in its data's language: the language button names it, in itself", async () => {
    const farsi = await render('/', homeData(null, { language: 'fa', dir: 'rtl' }));
    expect(farsi).toMatch(/<span[^>]*lang="fa"[^>]*>فارسی<\/span>/);
    // 'Language:' in Farsi, the name in its span: the translation, its tag the span.
    const label = i18nFor('fa')._('Language: <0>{language}</0>', { language: 'فارسی' });
    const [before = '', after = ''] = label.split(/<0>.*<\/0>/);
    expect(farsi).toMatch(
      new RegExp(`${escapeRegExp(before)}<span[^>]*lang="fa"[^>]*>فارسی</span>${escapeRegExp(after)}`),
    );
    const english = await render('/', homeData(null));
    expect(english).toMatch(/<span[^>]*lang="en"[^>]*>English<\/span>/);
    expect(english).not.toContain('فارسی');
  });

  it('renders a sheet page (loaded on demand in the browser) whole, however long', async () => {
    const slots = Array.from({ length: 40 }, (_, i) => slot(i + 1, `Shift ${i + 1}: setting up the gym`));
    const html = await render('/signup-sheet/7', [
      ...everyPage(null),
      entry('sheets.byId', sheet(7, 'Newsletter Night', slots), { id: 7 }),
    ]);
    expect(html.length).toBeGreaterThan(40_000);
    expect(html).toContain('>Newsletter Night</h1>');
    expect(html.match(/>Sign Up</g)).toHaveLength(40);
    expect(html).not.toContain('Loading page');
    expect(html).not.toMatch(/<(?:script|template)\b/);
  });

  it('renders what the browser first renders for a query without data: its loading state', async () => {
    const html = await render('/signup-sheet/8', everyPage(null));
    expect(html).toContain('aria-label="Loading signup sheet"');
  });

  it("writes the page's times on the school's clock from its data, not the server's", async () => {
    // 23:00 UTC on 10 December 2026: 4:00 PM in Vancouver (UTC−7 for good from 2026), and this
    // process runs in Tokyo, where it is 8:00 AM the next day.
    const shift = new Date('2026-12-10T23:00:00Z');
    const timed = { ...slot(1, 'Gift wrapping'), startTime: shift, endTime: new Date('2026-12-11T01:00:00Z') };
    const page = (clock: unknown) => [
      entry('auth.me', null),
      entry('settings.schoolClock', clock),
      entry('sheets.byId', { ...sheet(9, 'Winter Market', [timed]), eventDate: shift }, { id: 9 }),
    ];
    const html = await render('/signup-sheet/9', page(schoolClockOf('America/Vancouver')));
    expect(html).toContain('Thursday, December 10, 2026 at 4:00 PM');
    expect(html).toContain('Thu, Dec 10 · 4:00 PM – 6:00 PM');
    expect(html).not.toMatch(/(?:3|8|11):00 [AP]M/);

    const inKolkata = await render('/signup-sheet/9', page(schoolClockOf('Asia/Kolkata')));
    expect(inKolkata).toContain('Friday, December 11, 2026 at 4:30 AM');
  });

  it('renders nothing without the school clock in the data (the browser then renders the page)', async () => {
    await expect(
      render(
        '/',
        homeData(null).filter((e) => e.path !== 'settings.schoolClock'),
      ),
    ).rejects.toThrow("The page's data has no school clock");
  });
});
