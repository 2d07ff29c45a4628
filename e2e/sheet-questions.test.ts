import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from './a11y';
import { type Journey, signIn, startJourney } from './harness';

/**
 * An organizer sets up a sheet that asks questions and takes items (API.md "Signing up for several
 * slots, questions and items"), at a desktop's width and a phone's: in 'Create New Signup Sheet'
 * a required text question, a choice question with three options and a limit of slots per person;
 * in 'Add Volunteer Slot' an item to bring with the quantity needed. The API then answers the sheet
 * with its questions (each with an id) and the limit, and the slot as an item; a reorder in 'Edit
 * Signup Sheet' keeps the questions' ids. Each dialog is axe-clean.
 */

let journey: Journey;
const organizer = { name: 'Quinn Questions', email: 'quinn@example.org', password: 'quinn-secret-1' };

beforeAll(async () => {
  journey = await startJourney();
  const registered = await journey.api('POST', '/api/auth/register', organizer, false);
  expect(registered.status).toBe(201);
  const id = (registered.body as { id: number }).id;
  expect((await journey.api('PATCH', `/api/users/${id}`, { role: 'organizer' })).status).toBe(200);
  await signIn(journey.page, organizer);
});
afterAll(() => journey.close());

/** A datetime-local value `days` from now at `hour`:00, local time. */
function localDateTime(days: number, hour: number): string {
  const d = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(hour)}:00`;
}

interface ApiQuestion {
  id: string;
  label: string;
  kind: string;
  options?: string[];
  required: boolean;
}
interface ApiSheet {
  id: number;
  title: string;
  maxSlotsPerPerson: number | null;
  questions: ApiQuestion[];
  slots: { title: string; kind: string; maxVolunteers: number; currentVolunteers: number }[];
}

const manageSection = () => journey.page.getByRole('region', { name: 'Manage Signup Sheets' });
const sheetCard = (title: string): Locator => manageSection().getByRole('article', { name: title, exact: true });
const questionGroup = (dialog: Locator, n: number) => dialog.getByRole('group', { name: `Question ${n}`, exact: true });
const questionField = (group: Locator) => group.getByRole('textbox', { name: 'Question', exact: true });

async function sheetNamed(title: string): Promise<ApiSheet> {
  const list = (await journey.api('GET', '/api/signup-sheets')).body as { id: number; title: string }[];
  const found = list.find((s) => s.title === title);
  if (!found) throw new Error(`no sheet ${title}`);
  const detail = await journey.api('GET', `/api/signup-sheets/${found.id}`);
  expect(detail.status).toBe(200);
  return detail.body as ApiSheet;
}

describe.each([
  { device: 'desktop', width: 1280, height: 900 },
  { device: 'phone', width: 390, height: 844 },
])('an organizer at $width px ($device)', ({ width, height }) => {
  const title = `Book Fair ${width}`;

  it('creates a sheet with a required text question, a choice question and a slots-per-person limit', async () => {
    const { page } = journey;
    await page.setViewportSize({ width, height });
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Organizer Dashboard' }).waitFor();
    await page.getByRole('button', { name: 'Create New Sign Up' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Signup Sheet' });
    await dialog.getByLabel('Event Title').fill(title);
    await dialog.getByLabel('Event Date').fill(localDateTime(12, 9));
    await dialog.getByLabel('Slots per person').fill('2');

    await dialog.getByRole('button', { name: 'Add question' }).click();
    const first = questionGroup(dialog, 1);
    // The new question's wording has the focus: type straight into it.
    await expect.poll(() => questionField(first).evaluate((e) => e === document.activeElement)).toBe(true);
    await page.keyboard.type('Child’s name and class');
    await first.getByRole('switch', { name: 'Required' }).check();

    await dialog.getByRole('button', { name: 'Add question' }).click();
    const second = questionGroup(dialog, 2);
    await questionField(second).fill('T-shirt size');
    await second.getByLabel('Answer type').selectOption('choice');
    await second.getByRole('textbox', { name: 'Option 1' }).fill('Small');
    await second.getByRole('textbox', { name: 'Option 2' }).fill('Medium');
    await second.getByRole('button', { name: 'Add option' }).click();
    const third = second.getByRole('textbox', { name: 'Option 3' });
    await expect.poll(() => third.evaluate((e) => e === document.activeElement)).toBe(true);

    // Left empty, the new option is refused with the shared sentence, on its field, which gets the focus.
    await dialog.getByRole('button', { name: 'Create Sheet' }).click();
    await second.getByText('Option is required').waitFor();
    await expect.poll(() => third.evaluate((e) => e === document.activeElement)).toBe(true);
    expect(await third.getAttribute('aria-invalid')).toBe('true');
    await checkA11y(page, `Create New Signup Sheet with questions and an error at ${width} px`, { scope: 'dialog' });

    await third.fill('Large');
    expect(await second.getByText('Option is required').count()).toBe(0);
    // Nothing in the dialog is wider than the screen.
    const overflow = await dialog.evaluate((e) => e.scrollWidth - e.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await dialog.getByRole('button', { name: 'Create Sheet' }).click();
    await page.getByText('Signup Sheet Created').waitFor();
    await sheetCard(title).waitFor();
  });

  it('adds an item to bring through the slot dialog', async () => {
    const { page } = journey;
    await manageSection()
      .getByRole('button', { name: `Add Volunteer Slot to ${title}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Add Volunteer Slot' });
    await dialog.getByLabel('Task Title').waitFor();
    await dialog.getByRole('radio', { name: 'Item to bring' }).check();
    // An item: its name and the quantity needed, not SPEC.md's task labels.
    expect(await dialog.getByLabel('Number of Volunteers Needed').count()).toBe(0);
    await dialog.getByLabel('Item Name').fill('Cupcakes');
    await dialog.getByLabel('Quantity needed').fill('24');
    await checkA11y(page, `Add Volunteer Slot, an item, at ${width} px`, { scope: 'dialog' });
    await dialog.getByRole('button', { name: 'Add Slot' }).click();
    await page.getByText('Volunteer Slot Created').waitFor();
    const slots = sheetCard(title).getByRole('list', { name: `Slots of ${title}` });
    await slots.getByText('0 / 24').waitFor();
    await slots.getByText('Item', { exact: true }).waitFor();
    // The page once the toast has gone (Mantine's toast fails axe on its own: an unnamed close
    // button and its dimmed text, whatever the page).
    await page.getByText('Volunteer Slot Created').waitFor({ state: 'hidden', timeout: 10_000 });
    await checkA11y(page, `the organizer dashboard with an item slot at ${width} px`);
  });

  it('finds the questions, the limit and the item slot in the API', async () => {
    const sheet = await sheetNamed(title);
    expect(sheet.maxSlotsPerPerson).toBe(2);
    expect(sheet.questions).toEqual([
      { id: expect.any(String) as unknown, label: 'Child’s name and class', kind: 'text', required: true },
      {
        id: expect.any(String) as unknown,
        label: 'T-shirt size',
        kind: 'choice',
        options: ['Small', 'Medium', 'Large'],
        required: false,
      },
    ]);
    expect(new Set(sheet.questions.map((q) => q.id)).size).toBe(2);
    expect(sheet.slots).toEqual([
      expect.objectContaining({ title: 'Cupcakes', kind: 'item', maxVolunteers: 24, currentVolunteers: 0 }),
    ]);
  });

  it("reorders the questions in 'Edit Signup Sheet', keeping their ids, and lifts the limit", async () => {
    const { page } = journey;
    const before = await sheetNamed(title);
    await manageSection()
      .getByRole('button', { name: `Edit sheet ${title}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit Signup Sheet' });
    await expect(dialog.getByLabel('Slots per person').inputValue()).resolves.toBe('2');
    await expect(questionField(questionGroup(dialog, 1)).inputValue()).resolves.toBe('Child’s name and class');
    await questionGroup(dialog, 2).getByRole('button', { name: 'Move question 2 up' }).click();
    await expect(questionField(questionGroup(dialog, 1)).inputValue()).resolves.toBe('T-shirt size');
    await dialog.getByLabel('Slots per person').fill('');
    await checkA11y(page, `Edit Signup Sheet with questions at ${width} px`, { scope: 'dialog' });
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Signup Sheet Updated').waitFor();

    const after = await sheetNamed(title);
    expect(after.maxSlotsPerPerson).toBeNull();
    expect(after.questions.map((q) => q.id)).toEqual([before.questions[1]?.id, before.questions[0]?.id]);
    expect(after.questions.map((q) => q.label)).toEqual(['T-shirt size', 'Child’s name and class']);
  });
});
