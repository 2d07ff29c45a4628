import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials, ApiClient, inDays, startTestServer, type TestServer } from '../support/harness';

/**
 * The volunteer CSV opened by a real spreadsheet program: LibreOffice Calc, headless, converts the
 * exported file to HTML and the cells are read back. Accented, Chinese and Gurmukhi names must come
 * through intact, and the byte order mark must not show up in the first cell.
 *
 * LibreOffice is told the file is UTF-8 (`--infilter=CSV:44,34,76`: comma, double quote, UTF-8).
 * Its headless conversion without that option (7.4) reads every CSV in the system's 8-bit
 * character set, byte order mark or not, so there is no "default import" to test headless: the
 * interactive Text Import dialog is where the mark matters.
 */
const soffice = '/usr/bin/soffice';

let server: TestServer;
let dir: string;
const names = ['Zoë Ñúñez', '王小明', 'ਗੁਰਪ੍ਰੀਤ'];

beforeAll(async () => {
  if (!existsSync(soffice)) {
    throw new Error(
      `LibreOffice is missing at ${soffice}: install it with \`apt-get install -y --no-install-recommends libreoffice-calc-nogui\`.`,
    );
  }
  dir = mkdtempSync(join(tmpdir(), 'pac-calc-'));
  server = await startTestServer({ env: { SIGNUP_RATE_LIMIT: '1000' } });
}, 60_000);
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The text of every <td> in LibreOffice's HTML export, row by row. */
function cells(html: string): string[][] {
  const decode = (s: string) =>
    s
      .replace(/<[^>]*>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&')
      .trim();
  return [...html.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...(row[1] ?? '').matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => decode(cell[1] ?? '')),
  );
}

describe('the volunteer CSV in LibreOffice Calc', () => {
  it('keeps accented and non-Latin names intact, and no byte order mark in the first cell', async () => {
    const admin = new ApiClient(server.url);
    await admin.login(adminCredentials.email, adminCredentials.password);
    const sheet = await admin.post<{ id: number }>('/api/signup-sheets', {
      title: 'Multicultural Night',
      eventDate: inDays(12),
      organizerName: 'Chair Person',
      organizerEmail: 'chair@example.org',
    });
    const slot = await admin.post<{ id: number }>('/api/volunteer-slots', {
      signupSheetId: sheet.body.id,
      title: 'Food table',
      maxVolunteers: 5,
    });
    for (const [i, name] of names.entries()) {
      const res = await new ApiClient(server.url).post('/api/volunteers', {
        slotId: slot.body.id,
        name,
        email: `v${i}@example.org`,
        phone: '555-0199',
      });
      expect(res.status).toBe(201);
    }
    const res = await fetch(`${server.url}/api/export/volunteers?signupSheetId=${sheet.body.id}`, {
      headers: { Cookie: admin.cookie ?? '' },
    });
    expect(res.status).toBe(200);
    const csv = join(dir, 'volunteer-data.csv');
    writeFileSync(csv, Buffer.from(await res.arrayBuffer()));

    const run = spawnSync(
      soffice,
      [
        `-env:UserInstallation=${pathToFileURL(join(dir, 'profile')).href}`,
        '--headless',
        '--infilter=CSV:44,34,76',
        '--convert-to',
        'html',
        '--outdir',
        dir,
        csv,
      ],
      { encoding: 'utf8', timeout: 90_000 },
    );
    expect(run.status, run.stderr).toBe(0);
    const table = cells(readFileSync(join(dir, 'volunteer-data.html'), 'utf8'));

    const header = table[0] ?? [];
    expect(header[0]).toBe('Sheet');
    const nameColumn = header.indexOf('Volunteer Name');
    expect(nameColumn).toBeGreaterThan(0);
    expect(table.slice(1).map((row) => row[nameColumn])).toEqual(names);
  }, 120_000);
});
