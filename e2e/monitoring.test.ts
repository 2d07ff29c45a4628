import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, signInAsAdmin, startJourney } from './harness';

/** The district's news page, as the little test site serves it; the test edits it. */
let newsPage = '<main><h1>District News</h1><p>Welcome back, families.</p></main>';

let site: Server;
let sitePort = 0;
let journey: Journey;

beforeAll(async () => {
  site = createServer((req, res) => {
    if (req.url === '/news') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html><head><title>News</title></head><body><nav>Menu</nav>${newsPage}</body></html>`);
      return;
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('Not found');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  sitePort = (site.address() as AddressInfo).port;
  // The monitor's host name resolves to the test site; private addresses and ports are allowed
  // for this run only, and checks of one host are not spaced out.
  journey = await startJourney({
    MONITOR_ALLOW_PRIVATE_ADDRESSES: 'true',
    MONITOR_RESOLVE: 'www.example-district.org=127.0.0.1',
    MONITOR_HOST_SPACING_MS: '0',
  });
});

afterAll(async () => {
  await journey.close();
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

/** Signs in through the header's Login dialog, then opens /monitoring. */
async function openMonitoring(): Promise<void> {
  await signInAsAdmin(journey);
  const { page } = journey;
  await page.goto('/monitoring');
  await page.getByRole('heading', { level: 1, name: 'Monitoring Dashboard' }).waitFor();
}

const region = (name: string) => journey.page.getByRole('region', { name, exact: true });
const toast = (text: string | RegExp) => journey.page.getByRole('alert').filter({ hasText: text });

describe('the monitoring page', () => {
  beforeAll(async () => {
    await openMonitoring();
  });

  it("shows 'Setup Required' for both platforms and waits with the test posts when neither is connected", async () => {
    const status = region('Social Media Status');
    const badges = status.getByRole('listitem');
    await status.getByText('Setup Required').first().waitFor();
    expect(await badges.allTextContents()).toEqual([
      expect.stringContaining('Setup Required'),
      expect.stringContaining('Setup Required'),
    ]);
    expect(await status.getByRole('button', { name: 'Send Test Posts to Social Media' }).isDisabled()).toBe(true);
  });

  it('adds a monitor through the form, takes a baseline, then detects a change', async () => {
    const { page } = journey;
    await page.getByRole('button', { name: 'Add Monitor' }).click();
    const form = page.getByRole('dialog', { name: 'Add Monitor' });
    await form.getByLabel('Name').fill('District news');
    await form.getByLabel('CSS Selectors').fill('main');
    // A page elsewhere passes the form's own checks; the server's domain rule lands on the URL field.
    await form.getByLabel('URL').fill('https://www.elsewhere.org/news');
    await form.getByRole('button', { name: 'Add Monitor' }).click();
    await form.getByText('URL must be from an approved school domain (*.example-district.org)').waitFor();
    await form.getByLabel('URL').fill(`http://www.example-district.org:${sitePort}/news`);
    expect(await form.getByLabel('Check every (minutes)').inputValue()).toBe('15');
    await form.getByRole('button', { name: 'Add Monitor' }).click();
    await toast('Monitor Added').waitFor();
    await form.waitFor({ state: 'hidden' });

    const monitors = region('Monitors');
    await monitors.getByRole('rowheader', { name: /District news/ }).waitFor();

    await monitors.getByRole('button', { name: 'Recheck District news' }).click();
    await toast(/baseline/).waitFor();
    await region('Activity Feed').getByText('No change').waitFor();

    newsPage = '<main><h1>District News</h1><p>Welcome back, families.</p><p>Bake sale on Friday.</p></main>';
    await monitors.getByRole('button', { name: 'Recheck District news' }).click();
    await toast(/a change was detected/).waitFor();

    await region('Activity Feed').getByText('Change detected').waitFor();
    const changes = region('Recent Changes');
    await changes.getByRole('listitem').first().waitFor();
    expect(await changes.getByRole('listitem').count()).toBe(1);
    expect(await changes.getByRole('listitem').first().innerText()).toContain('District news');

    const listed = await journey.api('GET', '/api/changes');
    expect((listed.body as { summary: string }[]).length).toBe(1);
  });

  it("opens a snapshot's detail dialog and shows its text, the raw content with the toggle", async () => {
    const { page } = journey;
    const snapshots = region('Snapshots');
    await snapshots
      .getByRole('button', { name: /^View snapshot of District news/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Snapshot Details' });
    await dialog.getByLabel('Excerpt', { exact: true }).waitFor();
    expect(await dialog.getByLabel('Excerpt', { exact: true }).innerText()).toContain('Bake sale on Friday.');

    await dialog.getByRole('switch', { name: /Show raw content/ }).focus();
    await page.keyboard.press('Space');
    const raw = dialog.getByLabel('Raw content', { exact: true });
    await raw.waitFor();
    const text = await raw.innerText();
    expect(text).toContain('District News');
    expect(text).toContain('Bake sale on Friday.');
    // Extracted text only: the selector leaves the navigation out, and no markup is shown.
    expect(text).not.toContain('Menu');
    expect(text).not.toContain('<p>');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it("toggles a monitor's email notifications", async () => {
    const { page } = journey;
    const email = region('Monitors').getByRole('switch', { name: 'Email notifications for District news' });
    expect(await email.isChecked()).toBe(true);
    await email.focus();
    await page.keyboard.press('Space');
    await toast('Monitor Updated').waitFor();
    await expect.poll(() => email.isChecked()).toBe(false);

    const list = await journey.api('GET', '/api/monitors');
    expect(list.body).toEqual([expect.objectContaining({ name: 'District news', emailNotifications: false })]);
  });
});
