import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunningServer, startServer } from '@pac/server';
import { loadEnv } from '@pac/server/env';
import type { TestSmtp } from '@pac/server/test/smtp';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const chromiumPath = '/usr/bin/chromium';
export const webDist = fileURLToPath(new URL('../apps/web/dist', import.meta.url));

export const admin = { email: 'admin@example.org', password: 'admin-password-1' };

export interface Journey {
  server: RunningServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** The API, called from Node with its own cookie jar (for setting up data). */
  api(method: string, path: string, body?: unknown, asAdmin?: boolean): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
}

/**
 * Starts the real server on a free port with a fresh database, serving the built web app, and a
 * headless Debian Chromium with a fresh profile. `env` adds or overrides server settings (for
 * example letting monitors reach a test site on 127.0.0.1); `staticDir` serves another copy of the
 * web build (the server looks for its server-rendering build beside it, in ../dist-ssr).
 */
export async function startJourney(
  env: Record<string, string> = {},
  { staticDir = webDist }: { staticDir?: string } = {},
): Promise<Journey> {
  if (!existsSync(join(staticDir, 'index.html'))) {
    throw new Error('The web app is not built: run `pnpm build` (pnpm test does it first).');
  }
  if (!existsSync(chromiumPath)) {
    throw new Error(`No Chromium at ${chromiumPath}: apt-get install -y --no-install-recommends chromium`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'pac-e2e-'));
  const server = await startServer(
    loadEnv({
      PORT: '0',
      DATABASE_PATH: join(dir, 'pac.sqlite'),
      UPLOAD_DIR: join(dir, 'uploads'),
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      MONITOR_TICK_SECONDS: '0',
      REMINDER_TICK_SECONDS: '0',
      // Request lines would drown the test output; server errors still show.
      LOG_LEVEL: 'error',
      ...env,
    }),
    staticDir,
  );
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();

  let adminCookie: string | null = null;
  const call = async (method: string, path: string, body: unknown, cookie: string | null) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null, headers: res.headers };
  };

  return {
    server,
    browser,
    context,
    page,
    api: async (method, path, body, asAdmin = true) => {
      if (asAdmin && !adminCookie) {
        const login = await call('POST', '/api/auth/login', admin, null);
        adminCookie = login.headers.getSetCookie()[0]?.split(';')[0] ?? null;
      }
      const { status, body: answer } = await call(method, path, body, asAdmin ? adminCookie : null);
      return { status, body: answer };
    },
    close: async () => {
      await browser.close();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString();

/** Creates a sheet with slots through the API as the admin; returns the ids. */
export async function seedSheet(
  journey: Journey,
  sheet: { title: string; eventDate?: string },
  slots: { title: string; maxVolunteers: number; startTime?: string | null; endTime?: string | null }[],
): Promise<{ sheetId: number; slotIds: number[] }> {
  const created = await journey.api('POST', '/api/signup-sheets', {
    title: sheet.title,
    description: `All about ${sheet.title}`,
    eventDate: sheet.eventDate ?? inDays(7),
    organizerName: 'Olivia Organizer',
    organizerEmail: 'olivia@example.org',
  });
  if (created.status !== 201) throw new Error(`seed sheet: ${created.status} ${JSON.stringify(created.body)}`);
  const sheetId = (created.body as { id: number }).id;
  const slotIds: number[] = [];
  for (const slot of slots) {
    const res = await journey.api('POST', '/api/volunteer-slots', { signupSheetId: sheetId, ...slot });
    if (res.status !== 201) throw new Error(`seed slot: ${res.status} ${JSON.stringify(res.body)}`);
    slotIds.push((res.body as { id: number }).id);
  }
  return { sheetId, slotIds };
}

/**
 * Waits until React has taken over the page. A page the server renders (`/`, a sheet) shows its
 * buttons before its scripts have run, and a sheet page's code loads on demand: until React has
 * hydrated a part, a click on it is lost, as it would be for a person clicking that early. React
 * marks each element it renders or hydrates with its fiber (a `__reactFiber$…` property): the page
 * is taken over once every element in #root has one (bar the image preloads React writes ahead of
 * a server-rendered page, which it leaves alone).
 */
export async function waitUntilHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const elements = Array.from(document.querySelectorAll('#root *')).filter((e) => e.tagName !== 'LINK');
    return elements.length > 0 && elements.every((e) => Object.keys(e).some((k) => k.startsWith('__reactFiber$')));
  });
}

/** Signs in through the header's Login dialog, as a person would. */
export async function signIn(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/');
  await waitUntilHydrated(page);
  await page.getByRole('button', { name: 'Login' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Password').fill(account.password);
  await dialog.getByRole('button', { name: 'Login' }).click();
  await page.getByText('Welcome Back!').waitFor();
}

/** Signs in as the bootstrap admin through the header's Login dialog. */
export async function signInAsAdmin(journey: Journey): Promise<void> {
  await signIn(journey.page, admin);
}

/**
 * The path and query of the newest `path` link (`/verify-email`, `/reset-password`) mailed to `to`
 * through the test SMTP server, once at least `count` such mails have arrived. The journey's server
 * learns its port only once started, so the links name whatever host it guessed; the journey opens
 * the path against its own baseURL.
 */
export async function mailedLink(smtp: TestSmtp, to: string, path: string, count = 1): Promise<string> {
  const pattern = new RegExp(`https?://\\S+?${path}\\?token=[A-Za-z0-9_%-]+`);
  const mails = await smtp.waitForMatching(
    (mail) => mail.envelopeTo.includes(to) && pattern.test(mail.parsed.text ?? ''),
    count,
  );
  const newest = pattern.exec(mails.at(-1)?.parsed.text ?? '')?.[0];
  if (newest === undefined) throw new Error(`expected ${count} ${path} link(s) mailed to ${to}`);
  const url = new URL(newest);
  return url.pathname + url.search;
}
