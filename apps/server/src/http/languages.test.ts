import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCredentials,
  ApiClient,
  createSheetWithSlot,
  queryOne,
  startTestServer,
  type TestServer,
} from '../../test/support/harness';

/**
 * API.md "Languages", the choosing: the account's `language`, else the `lang` cookie that `?lang=`
 * on any page sets, else Accept-Language, else English; `<html lang dir>` on the pages (Farsi right
 * to left); a signup keeps the language it was made in.
 */

const dir = mkdtempSync(join(tmpdir(), 'pac-lang-'));
const staticDir = join(dir, 'dist');
let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  mkdirSync(staticDir, { recursive: true });
  writeFileSync(
    join(staticDir, 'index.html'),
    '<!doctype html><html lang="en" data-mantine-color-scheme="light"><head><title>PAC Hub</title></head><body><div id="root"></div></body></html>',
  );
  server = await startTestServer({ staticDir });
  admin = new ApiClient(server.url);
  await admin.login(adminCredentials.email, adminCredentials.password);
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${path}`, { headers: { accept: 'text/html', ...headers } });
  const html = await res.text();
  const whole = /<html[^>]*>/.exec(html)?.[0] ?? '';
  // The template's other attributes stay (the colour scheme the first paint needs).
  expect(whole).toContain(' data-mantine-color-scheme="light"');
  const tag = whole.replace(' data-mantine-color-scheme="light"', '');
  return { res, html, tag };
}

describe('the language of a page', () => {
  it('is English with no other word on it', async () => {
    expect((await page('/')).tag).toBe('<html lang="en" dir="ltr">');
  });

  it("follows the browser's Accept-Language", async () => {
    expect((await page('/', { 'accept-language': 'fa-IR,fa;q=0.9,en;q=0.5' })).tag).toBe('<html lang="fa" dir="rtl">');
    expect((await page('/', { 'accept-language': 'zh-TW' })).tag).toBe('<html lang="zh-Hant" dir="ltr">');
    expect((await page('/', { 'accept-language': 'de-DE' })).tag).toBe('<html lang="en" dir="ltr">');
  });

  it('takes ?lang= on any page and keeps it as the lang cookie, which beats the browser', async () => {
    const chosen = await page('/privacy-policy?lang=pa', { 'accept-language': 'fa' });
    expect(chosen.tag).toBe('<html lang="pa" dir="ltr">');
    const cookie = chosen.res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^lang=pa; Max-Age=31536000; Path=\/; SameSite=Lax/);
    expect((await page('/', { cookie: 'lang=pa', 'accept-language': 'fa' })).tag).toBe('<html lang="pa" dir="ltr">');
    // Not ours: nothing set, the browser's language stands.
    const unknown = await page('/?lang=xx', { 'accept-language': 'ko' });
    expect(unknown.tag).toBe('<html lang="ko" dir="ltr">');
    expect(unknown.res.headers.get('set-cookie')).toBeNull();
  });

  it("is the account's language wherever it signs in, and the page's data says so", async () => {
    const member = new ApiClient(server.url);
    const registered = await member.post<{ id: number }>('/api/auth/register', {
      name: 'Harpreet Kaur',
      email: 'harpreet@example.org',
      password: 'parent-pass-1',
    });
    expect(registered.status).toBe(201);
    const saved = await member.patch<{ language: string | null; name: string }>(
      `/api/auth/account/${registered.body.id}`,
      { language: 'pa' },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ language: 'pa', name: 'Harpreet Kaur' });
    expect((await member.patch(`/api/auth/account/${registered.body.id}`, { language: 'de' })).status).toBe(400);
    expect((await member.patch(`/api/auth/account/${registered.body.id}`, { language: 'PA' })).status).toBe(400);

    const home = await page('/', { cookie: `${member.cookie ?? ''}; lang=fa`, 'accept-language': 'ko' });
    expect(home.tag).toBe('<html lang="pa" dir="ltr">');
    expect(home.html).toContain('"path":"settings.language"');
    expect(home.html).toContain('"language":"pa"');
    // Back to the menu's and the browser's choice.
    expect((await member.patch(`/api/auth/account/${registered.body.id}`, { language: null })).status).toBe(200);
    expect((await page('/', { cookie: `${member.cookie ?? ''}; lang=fa` })).tag).toBe('<html lang="fa" dir="rtl">');
  });
});

describe('a signup', () => {
  it("takes the language chosen on its form over the account's and the cookie's", async () => {
    const { slotId } = await createSheetWithSlot(admin, 3, { title: 'Nowruz Picnic' });
    const res = await fetch(`${server.url}/api/volunteers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'lang=pa' },
      body: JSON.stringify({
        slotId,
        name: 'Dariush Ahmadi',
        email: 'dariush@example.org',
        phone: '604-555-0112',
        language: 'fa',
      }),
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    expect(
      queryOne<{ language: string }>(server.databasePath, 'SELECT language FROM volunteers WHERE id = ?', id),
    ).toEqual({
      language: 'fa',
    });
    const bad = await fetch(`${server.url}/api/volunteers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ slotId, name: 'X Y', email: 'xy@example.org', phone: '604-555-0113', language: 'de' }),
    });
    expect(bad.status).toBe(400);
  });

  it('keeps the language it was made in, for its emails', async () => {
    const { slotId } = await createSheetWithSlot(admin, 3, { title: 'Vaisakhi Fair' });
    const res = await fetch(`${server.url}/api/volunteers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'lang=pa', 'accept-language': 'en' },
      body: JSON.stringify({ slotId, name: 'Gurpreet Singh', email: 'gurpreet@example.org', phone: '604-555-0110' }),
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    expect(
      queryOne<{ language: string }>(server.databasePath, 'SELECT language FROM volunteers WHERE id = ?', id),
    ).toEqual({
      language: 'pa',
    });
    const browser = await fetch(`${server.url}/api/volunteers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'zh-HK,zh;q=0.8' },
      body: JSON.stringify({ slotId, name: 'Wing Chan', email: 'wing@example.org', phone: '604-555-0111' }),
    });
    const wing = (await browser.json()) as { id: number };
    expect(
      queryOne<{ language: string }>(server.databasePath, 'SELECT language FROM volunteers WHERE id = ?', wing.id),
    ).toEqual({ language: 'zh-Hant' });
  });
});
