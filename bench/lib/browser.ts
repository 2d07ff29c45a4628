import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { type Browser, type BrowserContext, type CDPSession, chromium, type Page } from 'playwright-core';
import type { Api } from './api';
import { appEnv } from './app-env';
import { builtWebDist, type Child, startChild } from './spawn';

export const chromiumPath = '/usr/bin/chromium';
// TOOLCHAIN.md: the flags that make Debian's Chromium start cleanly here.
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function requireChromium(): void {
  if (!existsSync(chromiumPath))
    throw new Error(`No Chromium at ${chromiumPath}: apt-get install -y --no-install-recommends chromium`);
}

/** Headless Debian Chromium through playwright-core, as the e2e tests start it. */
export function launchChromium(): Promise<Browser> {
  requireChromium();
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
}

/** A Chromium that a client reaches by its DevTools port (Lighthouse connects to it that way). */
export interface DebuggableChromium {
  port: number;
  /** Playwright-core connected over CDP, for readying the profile (a session) before the client runs. */
  connect: () => Promise<Browser>;
  close: () => Promise<void>;
}

/**
 * Headless Debian Chromium with TOOLCHAIN.md's flags, a fresh profile in `userDataDir` and a
 * DevTools port of its own choosing (`--remote-debugging-port=0`; it prints the address it took).
 */
export async function launchDebuggableChromium(userDataDir: string): Promise<DebuggableChromium> {
  requireChromium();
  const proc = spawn(
    chromiumPath,
    [...chromiumArgs, '--headless', '--remote-debugging-port=0', `--user-data-dir=${userDataDir}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const endpoint = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Chromium printed no DevTools address within 20 s')), 20_000);
    proc.once('exit', (code) => reject(new Error(`Chromium exited with code ${String(code)} before listening`)));
    createInterface({ input: proc.stderr }).on('line', (line) => {
      const found = /DevTools listening on (ws:\/\/\S+)/.exec(line)?.[1];
      if (found === undefined) return;
      clearTimeout(timer);
      resolve(found);
    });
  });
  return {
    port: Number(new URL(endpoint).port),
    connect: () => chromium.connectOverCDP(endpoint),
    close: async () => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill();
      await exited;
    },
  };
}

/** What a browser needs to be a signed-in account: its session cookie, and the user the app stores. */
export interface BrowserSession {
  cookie: { name: string; value: string; url: string };
  /** The `currentUser` localStorage entry (id, name, isAdmin) the app reads before it asks the server. */
  storedUser: string;
}

/** The session of the account `api` is signed in as, for the app at `api.baseUrl`. */
export async function browserSession(api: Api): Promise<BrowserSession> {
  const cookie = api.sessionCookie();
  if (cookie === null) throw new Error('The account has no session cookie: sign in first');
  const me = await api.call<{ id: number; name: string; isAdmin: boolean }>('GET', '/api/auth/me');
  const [name = '', ...value] = cookie.split('=');
  return {
    cookie: { name, value: value.join('='), url: api.baseUrl },
    storedUser: JSON.stringify({ id: me.id, name: me.name, isAdmin: me.isAdmin }),
  };
}

/** Readies each fresh browser context as that account: the cookie, and the stored user on any origin (the static copy ignores it). */
export const signedIn =
  (session: BrowserSession) =>
  async (context: BrowserContext): Promise<void> => {
    await context.addCookies([session.cookie]);
    await context.addInitScript({
      content: `localStorage.setItem('currentUser', ${JSON.stringify(session.storedUser)});`,
    });
  };

/**
 * What a browser benchmark starts with: the built web app (for its static copy), Chromium, and the
 * app serving that build from a fresh database under `root/name`. Chromium is closed again when the
 * app does not start.
 */
export async function startAppAndChromium(
  root: string,
  name: string,
): Promise<{ webDist: string; browser: Browser; app: Child }> {
  const webDist = await builtWebDist();
  const browser = await launchChromium();
  const app = await startChild('app', appEnv(join(root, name))).catch(async (error: unknown) => {
    await browser.close();
    throw error;
  });
  return { webDist, browser, app };
}

export const phoneViewport = { width: 390, height: 844 };

/** Issue 14's parent's phone: 1.6 Mbps down, 750 Kbps up, 150 ms latency, a CPU 4 × slower than this one. */
export const slowPhone = {
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
  latency: 150,
  cpuSlowdown: 4,
};

export const slowPhoneLabel = '1.6 Mbps down, 750 Kbps up, 150 ms latency, CPU slowed 4 ×';

/** Puts a page (its CDP session) on the slow phone profile; it holds for the page's later navigations. */
export async function emulateSlowPhone(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: slowPhone.latency,
    downloadThroughput: slowPhone.downloadThroughput,
    uploadThroughput: slowPhone.uploadThroughput,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowPhone.cpuSlowdown });
}

/**
 * What a timed load waits for: a link or button by its accessible name (a string, as the e2e tests
 * find them), or any element matching `selector` by that name, once its text holds a figure when
 * `withFigure` is set (a stat tile, a group named by its label, past its loading skeleton).
 */
export type VisibleTarget = string | { name: string; selector: string; withFigure?: boolean };

/** The admin dashboard's first stat tile (a group named by its label), once it shows its figure. */
export const firstStatTile = { name: 'Active Signups', selector: '[role="group"]', withFigure: true };

/**
 * Sets `window.benchVisible` to the time (ms from navigation start) of the first animation frame
 * in which `target` is visible, and `window.benchVisibleTop` to its distance from the top of the
 * page. Animation frames run only once the page can render (stylesheets loaded), so this is when a
 * person could first see it. A string, not a function: tsx would add helpers the page lacks.
 */
export function watchVisible(target: VisibleTarget): string {
  const { name, selector, withFigure } =
    typeof target === 'string' ? { name: target, selector: 'a, button', withFigure: false } : target;
  return `
    (() => {
      const want = ${JSON.stringify(name)};
      const check = () => {
        for (const el of Array.from(document.querySelectorAll(${JSON.stringify(selector)}))) {
          const label = el.getAttribute('aria-label') ?? el.textContent.trim();
          if (label !== want || !el.checkVisibility({ visibilityProperty: true })) continue;
          if (${String(withFigure === true)} && !/[0-9]/.test(el.textContent)) continue;
          const box = el.getBoundingClientRect();
          if (box.width === 0 || box.height === 0) continue;
          window.benchVisibleTop = box.top + window.scrollY;
          window.benchVisible = performance.now();
          return;
        }
        requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    })();
  `;
}

/** Waits for `watchVisible`'s figure on a page that was given it as an init script. */
export async function visibleAt(page: Page, timeout: number): Promise<{ ms: number; top: number }> {
  // A function, not a string: the app's CSP forbids eval.
  const handle = await page.waitForFunction(
    () => {
      const w = window as Window & { benchVisible?: number; benchVisibleTop?: number };
      return w.benchVisible === undefined ? undefined : { ms: w.benchVisible, top: w.benchVisibleTop ?? 0 };
    },
    undefined,
    { timeout },
  );
  return (await handle.jsonValue()) ?? { ms: Number.NaN, top: 0 };
}

/**
 * The page as rendered, without its scripts: what a static host would serve for the same pixels.
 * Script tags go (an embedded data block too), and so do module preloads and script or fetch
 * preloads; stylesheets, inline styles and images stay.
 */
export async function staticCopy(page: Page): Promise<string> {
  return (await page.content())
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*>/gi, (link) =>
      /rel="modulepreload"/i.test(link) || (/rel="preload"/i.test(link) && /as="(script|fetch)"/i.test(link))
        ? ''
        : link,
    );
}

/** One response of a page load as Chromium saw it on the wire. */
export interface WireResponse {
  url: string;
  method: string;
  /** Chromium's resource type: Document, Script, Stylesheet, Fetch, Image, Other, … */
  type: string;
  /** The headers as sent (Chromium's extra-info headers, Accept-Encoding included, when it gives them). */
  requestHeaders: Record<string, string>;
  status: number;
  /** The response's Content-Encoding, '' when none. */
  encoding: string;
  /** Body bytes as received (compressed as sent): all bytes received minus the response headers. */
  bodyBytes: number;
  /** Body bytes after decoding. */
  decodedBytes: number;
}

interface Pending {
  url?: string;
  method?: string;
  type?: string;
  headers?: Record<string, string>;
  extraHeaders?: Record<string, string>;
  status?: number;
  encoding?: string;
  headerBytes?: number;
  decoded: number;
  wire?: number;
  failed?: string;
}

const lowerKeys = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));

/**
 * Records every request a page makes through its CDP session, with the bytes each response took
 * on the wire (`Network.loadingFinished`'s encodedDataLength less the response headers, as
 * playwright's `responseBodySize` does). Returns a function that lists the finished responses in
 * the order their requests were sent, and the requests that failed.
 */
export async function recordWire(cdp: CDPSession): Promise<() => { responses: WireResponse[]; failed: string[] }> {
  const seen = new Map<string, Pending>();
  const order: string[] = [];
  const entry = (id: string) => {
    let found = seen.get(id);
    if (!found) {
      found = { decoded: 0 };
      seen.set(id, found);
    }
    return found;
  };
  cdp.on('Network.requestWillBeSent', (e) => {
    // A redirect reuses the id; none is expected here, and the last hop is the one that counts.
    const p = entry(e.requestId);
    if (p.url === undefined) order.push(e.requestId);
    p.url = e.request.url;
    p.method = e.request.method;
    p.type = e.type ?? 'Other';
    p.headers = lowerKeys(e.request.headers);
  });
  // Sent before or after requestWillBeSent: no order is promised.
  cdp.on('Network.requestWillBeSentExtraInfo', (e) => {
    entry(e.requestId).extraHeaders = lowerKeys(e.headers);
  });
  cdp.on('Network.responseReceived', (e) => {
    const p = entry(e.requestId);
    p.status = e.response.status;
    p.encoding = lowerKeys(e.response.headers)['content-encoding'] ?? '';
    p.headerBytes = e.response.encodedDataLength;
  });
  cdp.on('Network.dataReceived', (e) => {
    entry(e.requestId).decoded += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    entry(e.requestId).wire = e.encodedDataLength;
  });
  cdp.on('Network.loadingFailed', (e) => {
    entry(e.requestId).failed = e.errorText;
  });
  await cdp.send('Network.enable');
  return () => {
    const responses: WireResponse[] = [];
    const failed: string[] = [];
    for (const id of order) {
      const p = seen.get(id);
      if (!p?.url) continue;
      if (p.failed !== undefined) {
        failed.push(`${p.url} (${p.failed})`);
        continue;
      }
      if (p.wire === undefined || p.status === undefined) continue; // still under way
      responses.push({
        url: p.url,
        method: p.method ?? 'GET',
        type: p.type ?? 'Other',
        requestHeaders: { ...p.headers, ...p.extraHeaders },
        status: p.status,
        encoding: p.encoding ?? '',
        bodyBytes: Math.max(0, p.wire - (p.headerBytes ?? 0)),
        decodedBytes: p.decoded,
      });
    }
    return { responses, failed };
  };
}

export interface ColdLoad {
  responses: WireResponse[];
  failed: string[];
  bytes: number;
  html: string;
}

/**
 * A cold load (fresh context) at phone size and full speed, until the page's first `target` is
 * visible and the network is idle: every response with its bytes on the wire, and the page's static
 * copy. `prepare` readies the fresh context first (a signed-in visitor's cookie and stored user).
 */
export async function coldLoad(
  browser: Browser,
  url: string,
  target: VisibleTarget,
  prepare?: (context: BrowserContext) => Promise<void>,
): Promise<ColdLoad> {
  const context = await browser.newContext({ viewport: phoneViewport });
  try {
    await prepare?.(context);
    const page = await context.newPage();
    const wire = await recordWire(await context.newCDPSession(page));
    await page.addInitScript({ content: watchVisible(target) });
    await page.goto(url, { waitUntil: 'networkidle' });
    await visibleAt(page, 15_000);
    const html = await staticCopy(page);
    const { responses, failed } = wire();
    return { responses, failed, bytes: responses.reduce((n, r) => n + r.bodyBytes, 0), html };
  } finally {
    await context.close();
  }
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
