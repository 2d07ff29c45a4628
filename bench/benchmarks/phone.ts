import { writeFileSync } from 'node:fs';
import { i18nFor } from '@pac/i18n/server';
import { type Language, languages } from '@pac/validators';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { Api, inDays } from '../lib/api';
import {
  browserSession,
  type ColdLoad,
  coldLoad,
  emulateSlowPhone,
  firstStatTile,
  startAppAndChromium,
  median,
  phoneViewport,
  signedIn,
  slowPhoneLabel,
  visibleAt,
  type VisibleTarget,
  watchVisible,
} from '../lib/browser';
import { kb, ms, ratio, row, type Section } from '../lib/report';
import { type Child, startChild } from '../lib/spawn';

const loads = 3;
const timeLimit = 2500;
const bytesLimit = 160 * 1024;
/** A throttled load that has not shown its button by then has failed. */
const loadTimeout = 30_000;

/** A language's messages, as the server's catalogs give them. */
type I18n = ReturnType<typeof i18nFor>;

interface PageUnderTest {
  label: string;
  path: string;
  /** The accessible name of the link, button or tile whose first appearance is timed. */
  name: string;
  /** What is timed: `name` in the words of a language's messages (the English ones: `name`). */
  target: (i18n: I18n) => VisibleTarget;
  /** What `name` names, for the details. */
  kind: 'link' | 'button' | 'stat tile';
  /** Where the static copy serves it, when another page has the same path. */
  copyPath?: string;
  /** Readies each fresh context (a signed-in visitor), for the app and its static copy alike. */
  prepare?: (context: BrowserContext) => Promise<void>;
}

/**
 * One cold load on the slow phone: ms from navigation start until the first `name` is visible
 * (Infinity when it never is within the time limit, so that the median still means something).
 */
async function phoneLoad(
  browser: Browser,
  url: string,
  target: VisibleTarget,
  prepare?: (context: BrowserContext) => Promise<void>,
): Promise<{ ms: number; top: number }> {
  const context = await browser.newContext({ viewport: phoneViewport });
  try {
    await prepare?.(context);
    const page = await context.newPage();
    await emulateSlowPhone(await context.newCDPSession(page));
    await page.addInitScript({ content: watchVisible(target) });
    await page.goto(url, { waitUntil: 'commit', timeout: loadTimeout });
    return await visibleAt(page, loadTimeout);
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') return { ms: Number.POSITIVE_INFINITY, top: 0 };
    throw error;
  } finally {
    await context.close();
  }
}

const time = (millis: number) => (Number.isFinite(millis) ? ms(millis) : `timed out (${loadTimeout / 1000} s)`);

const fileName = (url: string) => {
  const { pathname, search } = new URL(url);
  const name = pathname.startsWith('/assets/') ? pathname.slice('/assets/'.length) : pathname;
  return search ? `${name}${search.length > 40 ? `${decodeURIComponent(search).slice(0, 60)}…` : search}` : name;
};

const fileList = (load: ColdLoad) =>
  load.responses
    .map((r) => `${fileName(r.url)} ${kb(r.bodyBytes)}${r.encoding ? ` ${r.encoding}` : ' uncompressed'}`)
    .join(', ');

/** The organizer whose dashboard is timed, and their sheets (issue 24: 'on a phone, their sheets first'). */
const organizer = { name: 'Olu Organizer', email: 'olu@bench.example.org', password: 'olu-bench-secret-1' };
const organizerSheets = [
  'Book Fair',
  'Pancake Breakfast',
  'Science Night',
  'Sports Day',
  'Winter Concert',
  'Yard Sale',
];

/**
 * Makes `organizer` an organizer with six upcoming sheets of their own (4 to 9 slots of 2 to 4, some
 * taken), and answers what a browser context needs to be them: their session cookie, and the
 * stored user the app reads before it asks the server.
 */
async function seedOrganizer(admin: Api, baseUrl: string): Promise<(context: BrowserContext) => Promise<void>> {
  const account = await admin.call<{ id: number }>('POST', '/api/auth/register', organizer);
  await admin.call('PATCH', `/api/users/${account.id}`, { role: 'organizer' });
  const own = new Api(baseUrl);
  await own.login(organizer);
  await own.seedSheets(organizerSheets, 'o');
  return signedIn(await browserSession(own));
}

/**
 * 6. Issue 14 on a parent's phone: time to the first 'View & Sign Up' on `/` and the first 'Sign Up'
 * on a sheet under a slow mobile profile, and the bytes a cold load of each takes on the wire,
 * each against a static copy of the same rendered page. Issue 24 on an organizer's: time to the
 * first sheet card (its 'Roster' link) on their dashboard, signed in, against its static copy; issue
 * 28 on an administrator's: time to the dashboard's first stat tile showing its figure.
 */
export async function phoneBenchmark(root: string): Promise<Section> {
  const { webDist, browser, app } = await startAppAndChromium(root, 'phone-app');
  let staticSite: Child | null = null;
  try {
    // The newsletter's sheet (20 slots of 5, 40 taken) and two more on the home page.
    const api = new Api(app.url);
    await api.login();
    const sheetId = await api.createSheet('Spring Fair', inDays(7));
    const slots: number[] = [];
    for (let s = 0; s < 20; s++)
      slots.push(
        await api.createSlot(sheetId, `Fair shift ${s + 1}`, 5, new Date(inDays(7).getTime() + s * 1_800_000)),
      );
    await api.seedSignups(slots, 40, 'p');
    for (const [i, title] of ['Book Swap', 'Bake Sale'].entries()) {
      const other = await api.createSheet(title, inDays(8 + i));
      for (let s = 0; s < 6; s++)
        await api.createSlot(other, `${title} shift ${s + 1}`, 4, new Date(inDays(8 + i).getTime() + s * 3_600_000));
    }

    const asOrganizer = await seedOrganizer(api, app.url);
    const asAdmin = signedIn(await browserSession(api));

    const link = (name: string) => ({ name, target: (i18n: I18n) => i18n._(name), kind: 'link' as const });
    const pages: PageUnderTest[] = [
      { label: '`/`', path: '/', ...link('View & Sign Up') },
      { label: '`/signup-sheet/{id}`', path: `/signup-sheet/${sheetId}`, ...link('Sign Up'), kind: 'button' },
      // Issue 24: the organizer's first sheet card, timed by its 'Roster' link.
      {
        label: `\`/admin\` as an organizer with ${organizerSheets.length} sheets`,
        path: '/admin',
        name: `Roster of ${organizerSheets[0] ?? ''}`,
        target: (i18n) => i18n._('Roster of {title}', { title: organizerSheets[0] ?? '' }),
        kind: 'link',
        prepare: asOrganizer,
      },
      // Issue 28: the administrator's first stat tile, once it shows its figure.
      {
        label: `\`/admin\` as the admin (${organizerSheets.length + 3} sheets)`,
        path: '/admin',
        copyPath: '/admin-as-admin',
        name: firstStatTile.name,
        target: (i18n) => ({ ...firstStatTile, name: i18n._(firstStatTile.name) }),
        kind: 'stat tile',
        prepare: asAdmin,
      },
    ];
    const english = i18nFor('en');
    const copyPath = (p: PageUnderTest) => p.copyPath ?? p.path;

    // Cold, unthrottled: the bytes, and the rendered pages for the static copies.
    const appCold: ColdLoad[] = [];
    const files: Record<string, string> = {};
    for (const [i, p] of pages.entries()) {
      const load = await coldLoad(browser, `${app.url}${p.path}`, p.target(english), p.prepare);
      appCold.push(load);
      const file = join(root, `phone-static-${i}.html`);
      files[copyPath(p)] = file;
      writeFileSync(file, load.html);
    }
    staticSite = await startChild('bare', {
      BENCH_STATIC_DIR: webDist,
      BENCH_PAGES: JSON.stringify(files),
      BENCH_GZIP: '1',
    });
    const staticCold: ColdLoad[] = [];
    for (const p of pages)
      staticCold.push(await coldLoad(browser, `${staticSite.url}${copyPath(p)}`, p.target(english), p.prepare));

    // On the slow phone, alternating app and static copy.
    const times = pages.map(() => ({ app: [] as number[], copy: [] as number[], top: 0 }));
    for (let i = 0; i < loads; i++) {
      for (const [k, p] of pages.entries()) {
        const t = times[k];
        if (!t) continue;
        const sides: ('app' | 'copy')[] = i % 2 === 0 ? ['app', 'copy'] : ['copy', 'app'];
        for (const side of sides) {
          const url = side === 'app' ? `${app.url}${p.path}` : `${staticSite.url}${copyPath(p)}`;
          const result = await phoneLoad(browser, url, p.target(english), p.prepare);
          t[side].push(result.ms);
          if (side === 'app') t.top = result.top;
        }
      }
    }

    // Issue 27: every other language, by its lang cookie (its catalog is the page's only extra
    // file), to the same link, button or tile in that language's words; the baseline is the English
    // static copy above.
    const other = languages.map((l) => l.tag).filter((tag): tag is Exclude<Language, 'en'> => tag !== 'en');
    const languageTimes: { language: Language; label: string; name: string; ms: number[]; bytes: number }[] = [];
    for (const language of other) {
      const i18n = i18nFor(language);
      for (const [k, p] of pages.entries()) {
        const prepare = async (context: BrowserContext): Promise<void> => {
          await context.addCookies([{ name: 'lang', value: language, url: app.url }]);
          await p.prepare?.(context);
        };
        const target = p.target(i18n);
        const cold = k === 0 ? await coldLoad(browser, `${app.url}${p.path}`, target, prepare) : null;
        const times: number[] = [];
        for (let i = 0; i < loads; i++)
          times.push((await phoneLoad(browser, `${app.url}${p.path}`, target, prepare)).ms);
        const name = typeof target === 'string' ? target : target.name;
        languageTimes.push({ language, label: p.label, name, ms: times, bytes: cold?.bytes ?? 0 });
      }
    }

    const name = 'Phone';
    const rows = pages.map((p, k) => {
      const t = times[k] ?? { app: [], copy: [], top: 0 };
      const value = median(t.app);
      const base = median(t.copy);
      return row(name, `${p.label} to first '${p.name}' on a slow phone, median of ${loads}`, time(value), {
        baseline: time(base),
        ratio: Number.isFinite(value) && Number.isFinite(base) ? ratio(value, base) : '',
        target: `≤ ${timeLimit} ms`,
        pass: value <= timeLimit,
      });
    });
    const bytesRows = pages.map((p, k) => {
      const value = appCold[k]?.bytes ?? 0;
      const base = staticCold[k]?.bytes ?? 0;
      return row(name, `${p.label} cold load, bytes over the wire`, kb(value), {
        baseline: kb(base),
        ratio: ratio(value, base),
        ...(k === 0 ? { target: `≤ ${bytesLimit / 1024} KB`, pass: value <= bytesLimit } : {}),
      });
    });
    const languageRows = languageTimes.flatMap((t) => {
      const value = median(t.ms);
      const k = pages.findIndex((p) => p.label === t.label);
      const base = median(times[k]?.copy ?? []);
      const timeRow = row(
        name,
        `${t.label} in ${t.language} to first '${t.name}' on a slow phone, median of ${loads}`,
        time(value),
        {
          baseline: time(base),
          ratio: Number.isFinite(value) && Number.isFinite(base) ? ratio(value, base) : '',
          target: `≤ ${timeLimit} ms`,
          pass: value <= timeLimit,
        },
      );
      if (k !== 0) return [timeRow];
      const englishBytes = appCold[0]?.bytes ?? 0;
      return [
        timeRow,
        row(name, `${t.label} in ${t.language} cold load, bytes over the wire`, kb(t.bytes), {
          baseline: kb(englishBytes),
          ratio: ratio(t.bytes, englishBytes),
          target: `≤ ${bytesLimit / 1024} KB`,
          pass: t.bytes <= bytesLimit,
        }),
      ];
    });
    const failures = [...appCold, ...staticCold].flatMap((l) => l.failed);
    return {
      title: `6. A parent's phone (issue 14), an organizer's (issue 24) and an admin's (issue 28) — Chromium at ${phoneViewport.width}×${phoneViewport.height}, ${slowPhoneLabel}`,
      rows: [...rows, ...bytesRows, ...languageRows],
      details: [
        ...pages.map((p, k) => {
          const t = times[k] ?? { app: [], copy: [], top: 0 };
          return `${p.label} to the first '${p.name}'${p.kind === 'stat tile' ? ' tile showing its figure' : ''}: app ${t.app.map(time).join(', ')}; static copy ${t.copy.map(time).join(', ')}. The ${p.kind} is ${Math.round(t.top)} px from the top of the page (${t.top < phoneViewport.height ? 'on the first screen' : 'below the first screen'}).`;
        }),
        `Each timed load is a fresh browser context (cold cache) on CDP's \`Network.emulateNetworkConditions\` (${slowPhoneLabel.replace(', CPU slowed 4 ×', '')}) and \`Emulation.setCPUThrottlingRate\` 4; the time runs from navigation start to the first animation frame in which the link, button or tile is visible (a tile once it shows its figure; checked inside the page on every frame). App and static copy alternate.`,
        ...pages.map(
          (p, k) =>
            `${p.label} cold, app: ${appCold[k]?.responses.length ?? 0} responses — ${appCold[k] ? fileList(appCold[k]) : ''}.`,
        ),
        ...pages.map((p, k) => `${p.label} cold, static copy: ${staticCold[k] ? fileList(staticCold[k]) : ''}.`),
        `Bytes are each response's body as it came over the wire (CDP \`Network.loadingFinished\` encodedDataLength less the response headers), with Chromium's own request headers (Accept-Encoding \`${appCold[0]?.responses[0]?.requestHeaders['accept-encoding'] ?? '?'}\`), on a cold load at full speed that waits for network idle; decoded, \`/\` is ${kb(appCold[0]?.responses.reduce((n, r) => n + r.decodedBytes, 0) ?? 0)}.`,
        `In the other languages (issue 27) each page is loaded with the language's \`lang\` cookie and timed to the same link, button or tile in that language's words (from the catalogs); the baseline of a time is the English static copy's, of the bytes the English app's \`/\`. Only the page's language's catalog loads.`,
        'Static copy: the same page as rendered by Chromium, scripts and module preloads removed, same stylesheet and images, served by a bare node:http that gzips every answer (zlib default level, compressed once) — what a static host would send for the same pixels.',
        ...(failures.length ? [`Failed requests: ${failures.join('; ')}.`] : []),
      ],
    };
  } finally {
    await browser.close();
    await app.stop();
    await staticSite?.stop();
  }
}
