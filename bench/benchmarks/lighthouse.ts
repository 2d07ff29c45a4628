import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type lighthouse from 'lighthouse';
import type { Browser } from 'playwright-core';
import { Api } from '../lib/api';
import {
  browserSession,
  type BrowserSession,
  coldLoad,
  type DebuggableChromium,
  firstStatTile,
  launchDebuggableChromium,
  median,
  signedIn,
  startAppAndChromium,
} from '../lib/browser';
import { kb, ms, ratio, row, type Section } from '../lib/report';
import { type Child, startChild } from '../lib/spawn';

const runs = 3;
/** Issue 28: Lighthouse's mobile performance score of `/admin` for a signed-in admin. */
const scoreTarget = 90;
/** The admin's sheets, each with slots and volunteers. */
const adminSheets = ['Spring Fair', 'Book Swap', 'Bake Sale', 'Science Night', 'Sports Day', 'Yard Sale'];

/** What one Lighthouse run found. */
interface Run {
  /** The performance score, 0–100. */
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  speedIndex: number;
  cls: number;
  /** The largest paint's element (its selector and a piece of its HTML), when Lighthouse names it. */
  lcpElement: string;
  /** How the largest paint's time splits (time to first byte, resource load, render delay). */
  lcpParts: string;
  /** Main-thread work by kind, most first (simulated, so on the slowed CPU). */
  mainThread: string;
  /** The scripts that kept the main thread busiest. */
  bootup: string;
  /** Bytes of script transferred, and how many of them the page did not run. */
  scriptBytes: number;
  unusedScriptBytes: number;
  requests: number;
  benchmarkIndex: number;
  warnings: string[];
  lighthouseVersion: string;
  userAgent: string;
  /** Throttling as the run applied it (simulated). */
  throttling: string;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
type AuditDetails = Lhr['audits'][string]['details'];

/** The rows of an audit's table (or of its first table inside a list), as plain records. */
function tableItems(details: AuditDetails): Record<string, unknown>[] {
  if (!details) return [];
  if (details.type === 'table') return details.items;
  if (details.type === 'list') {
    for (const item of details.items) if (item.type === 'table') return item.items;
  }
  return [];
}

/** The element a node item names: its selector and the start of its HTML. */
function nodeText(item: unknown): string {
  if (typeof item !== 'object' || item === null) return '';
  const node = item as { selector?: string; snippet?: string };
  return [node.selector, node.snippet?.slice(0, 120)].filter(Boolean).join(' — ');
}

function lcpElement(lhr: Lhr): string {
  const details = lhr.audits['lcp-breakdown-insight']?.details;
  if (details?.type !== 'list') return '';
  for (const item of details.items) if (item.type === 'node') return nodeText(item);
  return '';
}

function lcpParts(lhr: Lhr): string {
  return tableItems(lhr.audits['lcp-breakdown-insight']?.details)
    .map((part) => `${typeof part.label === 'string' ? part.label : String(part.subpart)} ${ms(Number(part.duration))}`)
    .join(', ');
}

function summary(lhr: Lhr): Run {
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const score = lhr.categories.performance?.score;
  if (typeof score !== 'number') throw new Error('Lighthouse gave no performance score');
  const mainThread = tableItems(lhr.audits['mainthread-work-breakdown']?.details)
    .slice(0, 4)
    .map((item) => `${String(item.groupLabel)} ${ms(Number(item.duration))}`)
    .join(', ');
  const bootup = tableItems(lhr.audits['bootup-time']?.details)
    .slice(0, 3)
    .map((item) => `${String(item.url).replace(/^https?:\/\/[^/]+\/(assets\/)?/, '')} ${ms(Number(item.total))}`)
    .join(', ');
  const resources = tableItems(lhr.audits['resource-summary']?.details);
  const scripts = resources.find((r) => r.resourceType === 'script');
  const total = resources.find((r) => r.resourceType === 'total');
  const throttling = lhr.configSettings.throttling;
  return {
    score: Math.round(score * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    speedIndex: audit('speed-index'),
    cls: audit('cumulative-layout-shift'),
    lcpElement: lcpElement(lhr),
    lcpParts: lcpParts(lhr),
    mainThread,
    bootup,
    scriptBytes: Number(scripts?.transferSize ?? 0),
    unusedScriptBytes:
      (lhr.audits['unused-javascript']?.details as { overallSavingsBytes?: number } | undefined)?.overallSavingsBytes ??
      0,
    requests: Number(total?.requestCount ?? 0),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    warnings: lhr.runWarnings,
    lighthouseVersion: lhr.lighthouseVersion,
    userAgent: lhr.environment.hostUserAgent,
    throttling: `${lhr.configSettings.throttlingMethod}: ${throttling.rttMs} ms round trip, ${((throttling.throughputKbps ?? 0) / 1024).toFixed(1)} Mbps, CPU slowed ${throttling.cpuSlowdownMultiplier} ×`,
  };
}

/**
 * One Lighthouse run (its default config: mobile, performance only) against `url` in `chromium`;
 * with PAC_BENCH_LIGHTHOUSE_DIR set, its report is kept there as `name`.html and .json.
 */
async function audit(chromium: DebuggableChromium, url: string, name: string): Promise<Run> {
  // Imported here rather than at the top: the other benchmarks' runner does without its weight.
  const { default: run } = await import('lighthouse');
  const result = await run(url, {
    port: chromium.port,
    logLevel: 'error',
    output: ['json', 'html'],
    onlyCategories: ['performance'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const keep = process.env.PAC_BENCH_LIGHTHOUSE_DIR;
  if (keep) {
    mkdirSync(keep, { recursive: true });
    const [json = '', html = ''] = Array.isArray(result.report) ? result.report : [result.report];
    writeFileSync(join(keep, `${name}.json`), json);
    writeFileSync(join(keep, `${name}.html`), html);
  }
  return summary(result.lhr);
}

/**
 * Readies the debuggable Chromium's profile as the signed-in account: the session cookie, and the
 * stored user in the app's origin's localStorage (Lighthouse clears neither, only caches and
 * service workers).
 */
async function signInProfile(chromium: DebuggableChromium, session: BrowserSession): Promise<void> {
  const browser = await chromium.connect();
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('The connected Chromium has no default context');
    await context.addCookies([session.cookie]);
    const page = await context.newPage();
    await page.goto(`${session.cookie.url}/api/health`);
    await page.evaluate((stored) => localStorage.setItem('currentUser', stored), session.storedUser);
    await page.close();
  } finally {
    // Connected, not launched: this only disconnects, and the profile keeps what was set.
    await browser.close();
  }
}

/** The admin's data: the sheets a dashboard shows, with slots and volunteers. */
async function seedAdmin(api: Api): Promise<void> {
  await api.login();
  await api.seedSheets(adminSheets, 'a');
}

/** The rendered dashboard for the static copy, read in a throw-away playwright Chromium. */
async function renderedDashboard(browser: Browser, url: string, session: BrowserSession): Promise<string> {
  return (await coldLoad(browser, url, firstStatTile, signedIn(session))).html;
}

const score = (value: number) => String(Math.round(value));

/**
 * Issue 28 in Lighthouse: `/admin` for a signed-in admin with its default mobile config (performance
 * only, simulated throttling), median of 3 runs, against the same runs on the static copy of the
 * rendered dashboard.
 */
export async function lighthouseBenchmark(root: string): Promise<Section> {
  const { webDist, browser, app } = await startAppAndChromium(root, 'lighthouse-app');
  let staticSite: Child | null = null;
  let chromium: DebuggableChromium | null = null;
  try {
    const api = new Api(app.url);
    await seedAdmin(api);
    const session = await browserSession(api);
    const page = join(root, 'lighthouse-admin.html');
    writeFileSync(page, await renderedDashboard(browser, `${app.url}/admin`, session));
    await browser.close();
    staticSite = await startChild('bare', {
      BENCH_STATIC_DIR: webDist,
      BENCH_PAGES: JSON.stringify({ '/admin': page }),
      BENCH_GZIP: '1',
    });

    chromium = await launchDebuggableChromium(join(root, 'lighthouse-profile'));
    await signInProfile(chromium, session);
    const appRuns: Run[] = [];
    const copyRuns: Run[] = [];
    for (let i = 0; i < runs; i++) {
      // Alternating, so that a busy moment of the machine does not land on one side only.
      const order = i % 2 === 0 ? (['app', 'copy'] as const) : (['copy', 'app'] as const);
      for (const side of order) {
        const base = side === 'app' ? app.url : staticSite.url;
        (side === 'app' ? appRuns : copyRuns).push(await audit(chromium, `${base}/admin`, `admin-${side}-${i + 1}`));
      }
    }

    const mid = (list: Run[], key: keyof Run) => median(list.map((r) => Number(r[key])));
    const name = 'Lighthouse';
    const label = '`/admin` (admin), mobile';
    const metricRow = (figure: string, key: 'lcp' | 'tbt' | 'fcp') => {
      const value = mid(appRuns, key);
      const base = mid(copyRuns, key);
      return row(name, `${label}: ${figure}, median of ${runs}`, ms(value), {
        baseline: ms(base),
        ratio: ratio(value, base),
      });
    };
    const appScore = mid(appRuns, 'score');
    const copyScore = mid(copyRuns, 'score');
    // The run whose score is the median: its diagnosis goes into the details.
    const typical = [...appRuns].sort((a, b) => a.score - b.score)[Math.floor(runs / 2)] ?? appRuns[0];
    const list = (side: Run[], key: 'score' | 'lcp' | 'tbt' | 'fcp' | 'speedIndex') =>
      side.map((r) => (key === 'score' ? score(r.score) : ms(r[key]))).join(', ');
    const first = appRuns[0];
    return {
      title: `9. Lighthouse (issue 28) — \`/admin\` for a signed-in admin, mobile, performance`,
      rows: [
        row(name, `${label}: performance score, median of ${runs}`, score(appScore), {
          baseline: score(copyScore),
          ratio: ratio(appScore, copyScore),
          target: `≥ ${scoreTarget}`,
          pass: appScore >= scoreTarget,
        }),
        metricRow('largest contentful paint', 'lcp'),
        metricRow('total blocking time', 'tbt'),
        metricRow('first contentful paint', 'fcp'),
      ],
      details: [
        `Runs, app: score ${list(appRuns, 'score')}; LCP ${list(appRuns, 'lcp')}; TBT ${list(appRuns, 'tbt')}; FCP ${list(appRuns, 'fcp')}; Speed Index ${list(appRuns, 'speedIndex')}; CLS ${appRuns.map((r) => r.cls.toFixed(3)).join(', ')}.`,
        `Runs, static copy: score ${list(copyRuns, 'score')}; LCP ${list(copyRuns, 'lcp')}; TBT ${list(copyRuns, 'tbt')}; FCP ${list(copyRuns, 'fcp')}.`,
        ...(typical
          ? [
              `The app's median run: largest paint ${typical.lcpElement || 'not named'} (${typical.lcpParts || 'no breakdown'}); main thread ${typical.mainThread}; busiest scripts ${typical.bootup}; ${typical.requests} requests, script ${kb(typical.scriptBytes)} transferred, ${kb(typical.unusedScriptBytes)} of it unused on this page.`,
            ]
          : []),
        ...(first
          ? [
              `Lighthouse ${first.lighthouseVersion} (npm) in ${first.userAgent.replace(/^.*(HeadlessChrome|Chrome)\/(\S+).*$/, 'Chromium $2')} (/usr/bin/chromium, headless, its DevTools port), default config (mobile: Moto G Power screen, ${first.throttling}), performance category only; host benchmark index ${appRuns.map((r) => Math.round(r.benchmarkIndex)).join(', ')}. Each run opens a new tab; Lighthouse empties the caches first and keeps cookies and localStorage, which hold the admin's session and stored user.`,
            ]
          : []),
        `Data: the admin's ${adminSheets.length} upcoming sheets with 4 to 9 slots each and volunteers on them. Static copy: the dashboard as Chromium rendered it (scripts, module preloads and embedded data removed, same stylesheets), served gzipped by bare node:http, as in 6.`,
        ...[...new Set([...appRuns, ...copyRuns].flatMap((r) => r.warnings))].map((w) => `Lighthouse warned: ${w}`),
      ],
    };
  } finally {
    await browser.close();
    await chromium?.close();
    await app.stop();
    await staticSite?.stop();
  }
}
