import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, seedSheet, signInAsAdmin, startJourney, waitUntilHydrated } from './harness';

let journey: Journey;
beforeAll(async () => {
  journey = await startJourney();
});
afterAll(() => journey.close());

describe('an admin manages volunteers on the sheet page', () => {
  it('signs in through the dialog, sees full details, and removes a volunteer after confirming', async () => {
    const { sheetId, slotIds } = await seedSheet(journey, { title: 'Science Night' }, [
      { title: 'Setup crew', maxVolunteers: 4 },
    ]);
    const signup = await journey.api(
      'POST',
      '/api/volunteers',
      { slotId: slotIds[0], name: 'Robin Banks', email: 'robin@example.org', phone: '555-0177', notes: 'Has a van' },
      false,
    );
    expect(signup.status).toBe(201);

    await signInAsAdmin(journey);
    const stored = await journey.page.evaluate(() => localStorage.getItem('currentUser'));
    expect(JSON.parse(stored ?? 'null')).toMatchObject({ isAdmin: true });

    const { page } = journey;
    await page.goto(`/signup-sheet/${sheetId}`);
    await waitUntilHydrated(page);
    await page.getByText('Robin Banks').waitFor();
    await page.getByText('robin@example.org').first().waitFor();

    await page.getByRole('button', { name: /remove robin banks/i }).click();
    await page.getByText('Are you sure you want to remove Robin Banks from this volunteer slot?').waitFor();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /remove|confirm|delete/i })
      .last()
      .click();
    await page.getByText('Volunteer Removed').waitFor();

    const sheet = await journey.api('GET', `/api/signup-sheets/${sheetId}`);
    const slot = (sheet.body as { slots: { currentVolunteers: number; volunteers: unknown[] }[] }).slots[0];
    expect(slot?.currentVolunteers).toBe(0);
    expect(slot?.volunteers).toHaveLength(0);
  });

  it('deletes a sheet from its home-page card after the SPEC confirmation', async () => {
    const { sheetId } = await seedSheet(journey, { title: 'Pancake Breakfast' }, [
      { title: 'Griddle', maxVolunteers: 2 },
    ]);
    const { page } = journey;
    await page.goto('/');
    await page.getByText('Pancake Breakfast').waitFor();
    await page.getByRole('button', { name: /delete pancake breakfast/i }).click();
    await page
      .getByText(
        'Are you sure you want to delete this signup sheet? This will also delete all volunteer slots and signups.',
      )
      .waitFor();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /delete|confirm/i })
      .last()
      .click();
    await page.getByText('Deleted', { exact: true }).waitFor();
    expect((await journey.api('GET', `/api/signup-sheets/${sheetId}`)).status).toBe(404);
  });
});

describe('an admin moves a sheet to another date', () => {
  const hourMs = 3_600_000;
  const dayMs = 24 * hourMs;
  /** How the dashboard writes a slot's start ('Sat, May 3 · 9:00 AM'), on the school's clock. */
  const slotStart = (iso: string, timeZone: string) => {
    const date = new Date(iso);
    const day = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone });
    const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone });
    return `${day.format(date)} · ${time.format(date)}`.replace(/\u202f/g, ' ');
  };

  it('changes the date in Edit Signup Sheet, is told how many slots move, and finds them moved', async () => {
    const { page, server } = journey;
    // On the hour, so that the field (which holds minutes) shows the date exactly.
    const start = Math.ceil(Date.now() / hourMs) * hourMs + 10 * dayMs;
    const at = (ms: number) => new Date(ms).toISOString();
    const { sheetId } = await seedSheet(journey, { title: 'Spring Concert', eventDate: at(start) }, [
      { title: 'Stage crew', maxVolunteers: 3, startTime: at(start - 2 * hourMs), endTime: at(start) },
      { title: 'Ushers', maxVolunteers: 2, startTime: at(start), endTime: at(start + 2 * hourMs) },
      { title: 'Bake sale', maxVolunteers: 4, startTime: at(start + 2 * hourMs), endTime: at(start + 4 * hourMs) },
      { title: 'Posters', maxVolunteers: 1 },
    ]);
    type ApiSlot = { id: number; title: string; startTime: string | null; endTime: string | null };
    const slotsNow = async () =>
      (await journey.api('GET', `/api/signup-sheets/${sheetId}`)).body as { eventDate: string; slots: ApiSlot[] };
    const before = await slotsNow();

    await page.goto('/admin');
    const manage = page.getByRole('region', { name: 'Manage Signup Sheets' });
    const card = manage.getByRole('article', { name: 'Spring Concert', exact: true });
    await card.waitFor();
    await manage.getByRole('button', { name: 'Edit sheet Spring Concert' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Signup Sheet' });
    const field = dialog.getByLabel('Event Date');
    // A week later, at the same time of day: the date part of the field moves on 7 days.
    const [day, time] = (await field.inputValue()).split('T');
    const weekLater = new Date(`${day ?? ''}T00:00:00Z`);
    weekLater.setUTCDate(weekLater.getUTCDate() + 7);
    await field.fill(`${weekLater.toISOString().slice(0, 10)}T${time ?? ''}`);
    // Three slots have times; the untimed one happens on whatever the event date is.
    await dialog.getByText('3 slots will move 7 days later.').waitFor();
    const move = dialog.getByRole('checkbox', { name: 'Move the volunteer slots with the event date' });
    expect(await move.isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Signup Sheet Updated').waitFor();

    // The server moved every timed slot by the same week, and left the untimed one untimed.
    const after = await slotsNow();
    expect(Date.parse(after.eventDate) - Date.parse(before.eventDate)).toBe(7 * dayMs);
    for (const slot of before.slots) {
      const moved = after.slots.find((s) => s.id === slot.id);
      expect(moved?.startTime, slot.title).toBe(
        slot.startTime === null ? null : at(Date.parse(slot.startTime) + 7 * dayMs),
      );
      expect(moved?.endTime, slot.title).toBe(slot.endTime === null ? null : at(Date.parse(slot.endTime) + 7 * dayMs));
    }
    // And the page shows each slot on its new day and time.
    const slots = card.getByRole('list', { name: 'Slots of Spring Concert' });
    for (const slot of after.slots) {
      if (slot.startTime === null) continue;
      const item = slots.getByRole('listitem').filter({ hasText: slot.title });
      await item.getByText(slotStart(slot.startTime, server.config.timeZone), { exact: false }).waitFor();
    }
  });
});
