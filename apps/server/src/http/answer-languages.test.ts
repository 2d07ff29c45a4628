/**
 * API.md "Languages": the server's own sentences (an error's message, its validation issues', the
 * logo upload's `error`, a page's title and description) come from the catalogs in the request's
 * language, over REST and tRPC alike; English answers exactly what it always did.
 *
 * Until translators fill the catalogs, Farsi's falls back to English; so the test gives the Farsi
 * instance (`i18nFor('fa')`, the one the server answers with) its own words for a few messages,
 * and checks that they are what a Farsi request reads.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { i18nFor } from '@pac/i18n/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCredentials,
  ApiClient,
  createSheetWithSlot,
  startTestServer,
  type TestServer,
} from '../../test/support/harness';

const farsi = {
  'Signup sheet not found': 'برگه ثبت‌نام پیدا نشد',
  'Name is required': 'نام لازم است',
  'Please sign in to continue': 'لطفاً برای ادامه وارد شوید',
  'No API route {path}': 'مسیر {path} در API نیست',
  'Page Not Found': 'صفحه پیدا نشد',
  '{count, plural, =0 {No spots open} one {{count} spot open} other {{count} spots open}}':
    '{count, plural, =0 {جای خالی نمانده} other {{count} جای خالی}}',
};

const school = 'Maple Elementary PAC';
const dir = mkdtempSync(join(tmpdir(), 'pac-answer-languages-'));
const staticDir = join(dir, 'dist');
let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  i18nFor('fa').load('fa', farsi);
  mkdirSync(staticDir, { recursive: true });
  writeFileSync(
    join(staticDir, 'index.html'),
    '<!doctype html><html lang="en"><head><title>PAC Hub</title></head><body><div id="root"></div></body></html>',
  );
  server = await startTestServer({ staticDir, env: { SCHOOL_TIMEZONE: 'America/Vancouver', SCHOOL_NAME: school } });
  admin = new ApiClient(server.url);
  await admin.login(adminCredentials.email, adminCredentials.password);
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

const inFarsi = { 'Accept-Language': 'fa-IR,fa;q=0.9,en;q=0.5' };

/** A tRPC GET's error, as the browser's client reads it. */
async function trpcError(procedure: string, input: unknown, headers: Record<string, string> = {}) {
  const query = encodeURIComponent(JSON.stringify({ json: input }));
  const res = await fetch(`${server.url}/trpc/${procedure}?input=${query}`, { headers });
  const body = (await res.json()) as { error: { json: { message: string; data: Record<string, unknown> } } };
  return { status: res.status, ...body.error.json };
}

describe('an error answer over REST', () => {
  it("is the catalog's in Farsi, by the browser's Accept-Language or by the lang cookie", async () => {
    const anon = new ApiClient(server.url);
    const byBrowser = await anon.get('/api/signup-sheets/999999', inFarsi);
    expect(byBrowser.status).toBe(404);
    expect(byBrowser.body).toEqual({ message: 'برگه ثبت‌نام پیدا نشد', code: 'NOT_FOUND' });
    const byCookie = await anon.get('/api/signup-sheets/999999', { Cookie: 'lang=fa' });
    expect(byCookie.body).toEqual({ message: 'برگه ثبت‌نام پیدا نشد', code: 'NOT_FOUND' });
  });

  it('is the English it always was for an English request, or one that names no language', async () => {
    const anon = new ApiClient(server.url);
    const requests: Record<string, string>[] = [{}, { 'Accept-Language': 'en-CA' }, { Cookie: 'lang=en' }];
    for (const headers of requests) {
      const missing = await anon.get('/api/signup-sheets/999999', headers);
      expect(missing.body).toEqual({ message: 'Signup sheet not found', code: 'NOT_FOUND' });
    }
  });

  it("translates the validation issues' messages too", async () => {
    const { slotId } = await createSheetWithSlot(admin, 2);
    const anon = new ApiClient(server.url);
    const refused = await anon.post('/api/volunteers', { slotId, name: '', email: 'not-an-email', phone: '' }, inFarsi);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'BAD_REQUEST', message: 'نام لازم است' });
    expect(refused.body.issues).toEqual(expect.arrayContaining([{ path: 'name', message: 'نام لازم است' }]));
    const english = await anon.post('/api/volunteers', { slotId, name: '', email: 'not-an-email', phone: '' });
    expect(english.body).toMatchObject({ code: 'BAD_REQUEST', message: 'Name is required' });
  });

  it("fills a sentence's placeholders in Farsi (an unknown route)", async () => {
    const anon = new ApiClient(server.url);
    expect((await anon.get('/api/no-such-thing', inFarsi)).body).toEqual({
      message: 'مسیر /api/no-such-thing در API نیست',
      code: 'NOT_FOUND',
    });
    expect((await anon.get('/api/no-such-thing')).body).toEqual({
      message: 'No API route /api/no-such-thing',
      code: 'NOT_FOUND',
    });
  });

  it("repeats the translated message in the logo upload's error field", async () => {
    const form = new FormData();
    form.append('logo', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }), 'logo.png');
    const res = await fetch(`${server.url}/api/settings/logo-upload`, { method: 'POST', body: form, headers: inFarsi });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({
      message: 'لطفاً برای ادامه وارد شوید',
      error: 'لطفاً برای ادامه وارد شوید',
    });
  });
});

describe('an error answer over tRPC', () => {
  it("is the catalog's in Farsi (message and issues), and English unchanged", async () => {
    expect(await trpcError('sheets.byId', { id: 999_999 }, inFarsi)).toMatchObject({
      status: 404,
      message: 'برگه ثبت‌نام پیدا نشد',
      data: { code: 'NOT_FOUND', reason: 'sheetNotFound' },
    });
    expect(await trpcError('sheets.byId', { id: 999_999 }, { Cookie: 'lang=fa' })).toMatchObject({
      message: 'برگه ثبت‌نام پیدا نشد',
    });
    expect(await trpcError('sheets.byId', { id: 999_999 })).toMatchObject({
      status: 404,
      message: 'Signup sheet not found',
      data: { code: 'NOT_FOUND', reason: 'sheetNotFound' },
    });
    expect(await trpcError('calendar.myFeed', undefined, inFarsi)).toMatchObject({
      status: 401,
      message: 'لطفاً برای ادامه وارد شوید',
      data: { reason: 'signInRequired' },
    });
  });
});

describe("a page's head", () => {
  const head = async (path: string, headers: Record<string, string> = {}) => {
    const html = await (await fetch(`${server.url}${path}`, { headers: { accept: 'text/html', ...headers } })).text();
    return {
      title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
      description: /<meta property="og:description" content="([^"]*)">/.exec(html)?.[1],
    };
  };

  it('names a missing page in Farsi for a Farsi request, and in English as before', async () => {
    expect((await head('/no-such-page', inFarsi)).title).toBe(`صفحه پیدا نشد · ${school}`);
    expect((await head('/no-such-page')).title).toBe(`Page Not Found · ${school}`);
  });

  it("writes a sheet's date (Intl's Farsi, on the school's clock) and its open spots in Farsi", async () => {
    const eventDate = '2031-05-03T17:00:00.000Z';
    const { sheetId } = await createSheetWithSlot(admin, 3, { eventDate });
    const farsiDate = new Intl.DateTimeFormat('fa', {
      dateStyle: 'full',
      timeStyle: 'short',
      timeZone: 'America/Vancouver',
    }).format(new Date(eventDate));
    expect((await head(`/signup-sheet/${sheetId}`, inFarsi)).description).toBe(`${farsiDate} · 3 جای خالی`);
    expect((await head(`/signup-sheet/${sheetId}`)).description).toBe(
      'Saturday, May 3, 2031 at 10:00 AM · 3 spots open',
    );
  });
});
