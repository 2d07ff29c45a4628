import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue, Result, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
/** axe-core's browser build, read once per test file. */
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The part of axe's browser global the helper uses. */
interface AxeGlobal {
  run(context: Element | Document, options: RunOptions): Promise<AxeResults>;
}

export interface CheckA11yOptions {
  /**
   * Which part of the page to check: `'page'` (the whole document, the default) or `'dialog'` (the
   * open dialog on top; the check fails when none is open).
   */
  scope?: 'page' | 'dialog';
  /** axe rule ids to leave out, each with a reason in the caller. */
  disableRules?: string[];
}

/** Impacts that fail the check; moderate and minor ones are printed only. */
const failing: ReadonlySet<ImpactValue> = new Set<ImpactValue>(['serious', 'critical']);

function formatViolation(violation: Result, context: string): string {
  const targets = violation.nodes
    .slice(0, 8)
    .map((node) => {
      const summary = node.failureSummary?.split('\n').slice(1, 2).join(' ').trim();
      return `      - ${node.target.map((t) => JSON.stringify(t)).join(' > ')}${summary ? ` — ${summary}` : ''}`;
    })
    .join('\n');
  const more = violation.nodes.length > 8 ? `\n      … and ${violation.nodes.length - 8} more` : '';
  return `  [${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help} (${context})\n    ${violation.helpUrl}\n${targets}${more}`;
}

/**
 * Waits until no finite CSS transition or animation is running: dialogs fade and slide in, and
 * colours measured mid-fade are wrong. Endless ones (loaders, skeletons) are left alone.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
    undefined,
    { timeout: 5_000 },
  );
}

/**
 * Runs axe-core on the page (or on its open dialog) and throws a readable list when any violation
 * is serious or critical. Moderate and minor violations are printed, not failed.
 */
export async function checkA11y(page: Page, context: string, options: CheckA11yOptions = {}): Promise<AxeResults> {
  const scope = options.scope ?? 'page';
  await settle(page);
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) {
    // The server's CSP (script-src 'self') refuses inline scripts, so page.addScriptTag({ content })
    // throws here; evaluating the source through the DevTools protocol is not subject to the CSP.
    await page.evaluate(axeSource);
  }
  const results = await page.evaluate(
    async ({ scope, disableRules }) => {
      const axe = (window as unknown as { axe: AxeGlobal }).axe;
      let root: Element | Document = document;
      if (scope === 'dialog') {
        const dialogs = Array.from(document.querySelectorAll('[role="dialog"], [role="alertdialog"]')).filter(
          (element) => element instanceof HTMLElement && element.offsetParent !== null,
        );
        const top = dialogs.at(-1);
        if (!top) throw new Error('checkA11y: no open dialog to check');
        root = top;
      }
      const rules = Object.fromEntries(disableRules.map((id) => [id, { enabled: false }]));
      return axe.run(root, { resultTypes: ['violations'], rules });
    },
    { scope, disableRules: options.disableRules ?? [] },
  );

  const serious = results.violations.filter((v) => v.impact && failing.has(v.impact));
  const other = results.violations.filter((v) => !v.impact || !failing.has(v.impact));
  if (other.length > 0) {
    console.info(
      `axe (${context}): ${other.length} moderate/minor\n${other.map((v) => formatViolation(v, context)).join('\n')}`,
    );
  }
  if (serious.length > 0) {
    throw new Error(
      `axe found ${serious.length} serious/critical violation(s) on ${context} (${page.url()}):\n${serious
        .map((v) => formatViolation(v, context))
        .join('\n')}`,
    );
  }
  return results;
}
