// @vitest-environment node
import type { EmbeddedQuery } from '@pac/validators/page-data';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { renderPage } from './entry-server';

/**
 * The server's rendering of a page (what apps/server/src/http/page.ts runs from the built
 * dist-ssr/entry-server.js; e2e/server-rendering.test.ts checks the built one in Chromium), here from
 * the source under Node, as on the server: no window, no document, no localStorage.
 */

const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000);

function slot(id: number, title: string) {
  return {
    id,
    signupSheetId: 1,
    title,
    description: null,
    startTime: null,
    endTime: null,
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

const homeData = (me: unknown) => [
  entry('auth.me', me),
  entry('settings.heroContent', undefined),
  entry('settings.getPublic', { value: null }, { key: 'heroImageUrl' }),
  entry('sheets.list', [sheet(1, 'Spring Fair', [slot(1, 'Face painting')]), sheet(2, 'Book <Swap> & more', [])]),
];

describe('renderPage', () => {
  it('renders the home page from the embedded data: the cards, their links, and Login for a visitor', async () => {
    const html = await renderPage('/', homeData(null));
    expect(html).toContain('>Spring Fair</h3>');
    expect(html).toContain('>Book &lt;Swap&gt; &amp; more</h3>');
    expect(html.match(/>View &amp; Sign Up</g)).toHaveLength(2);
    expect(html).toContain('href="/signup-sheet/1"');
    expect(html).toContain('>Login<');
    expect(html).not.toMatch(/<(?:script|template)\b/);
  });

  it('renders each page for its own visitor: nothing carries over from one render to the next', async () => {
    const forAdmin = await renderPage('/', homeData(admin));
    expect(forAdmin).toContain('Account menu for');
    expect(forAdmin).toContain('aria-label="Delete Spring Fair"');
    const forVisitor = await renderPage('/', homeData(null));
    expect(forVisitor).not.toContain('Account menu for');
    expect(forVisitor).not.toContain('Delete Spring Fair');
  });

  it('renders a sheet page (loaded on demand in the browser) whole, however long', async () => {
    const slots = Array.from({ length: 40 }, (_, i) => slot(i + 1, `Shift ${i + 1}: setting up the gym`));
    const html = await renderPage('/signup-sheet/7', [
      entry('auth.me', null),
      entry('sheets.byId', sheet(7, 'Newsletter Night', slots), { id: 7 }),
    ]);
    expect(html.length).toBeGreaterThan(40_000);
    expect(html).toContain('>Newsletter Night</h1>');
    expect(html.match(/>Sign Up</g)).toHaveLength(40);
    expect(html).not.toContain('Loading page');
    expect(html).not.toMatch(/<(?:script|template)\b/);
  });

  it('renders what the browser first renders for a query without data: its loading state', async () => {
    const html = await renderPage('/signup-sheet/8', [entry('auth.me', null)]);
    expect(html).toContain('aria-label="Loading signup sheet"');
  });
});
