import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inDays, type Journey, seedSheet, startJourney, waitUntilHydrated } from './harness';

let journey: Journey;
beforeAll(async () => {
  journey = await startJourney();
});
afterAll(() => journey.close());

const parent = {
  name: 'Jordan Lee',
  email: 'jordan@example.org',
  phone: '555-0123',
  password: 'first-secret-1',
  newPassword: 'second-secret-2',
};

async function openUserMenu(): Promise<void> {
  await journey.page.getByRole('button', { name: `Account menu for ${parent.name}` }).click();
}

async function logOut(): Promise<void> {
  await openUserMenu();
  await journey.page.getByRole('menuitem', { name: 'Logout' }).click();
  await journey.page.getByRole('banner').getByRole('button', { name: 'Login' }).waitFor();
  expect(await journey.page.evaluate(() => localStorage.getItem('currentUser'))).toBeNull();
}

async function logIn(password: string): Promise<void> {
  const { page } = journey;
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(parent.email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Login' }).click();
  await page.getByText('Welcome Back!').waitFor();
  await page.getByRole('button', { name: `Account menu for ${parent.name}` }).waitFor();
}

describe('a parent with an account', () => {
  let sheetId = 0;
  let userId = 0;
  const eventStart = inDays(10);
  const eventEnd = new Date(new Date(eventStart).getTime() + 2.5 * 60 * 60 * 1000).toISOString();

  it('registers through the Sign Up tab, logs out and logs back in', async () => {
    ({ sheetId } = await seedSheet(journey, { title: 'Spring Carnival', eventDate: eventStart }, [
      { title: 'Face painting', maxVolunteers: 3, startTime: eventStart, endTime: eventEnd },
    ]));
    const { page } = journey;
    await page.goto('/');
    await page.getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Sign Up' }).click();
    await dialog.getByLabel('Name').fill(parent.name);
    await dialog.getByLabel('Email').fill(parent.email);
    await dialog.getByLabel('Password').fill(parent.password);
    await dialog.getByLabel('Phone').fill(parent.phone);
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Account Created!').waitFor();

    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('currentUser'))) ?? 'null') as {
      id: number;
      name: string;
      isAdmin: boolean;
    };
    expect(stored).toMatchObject({ name: parent.name, isAdmin: false });
    userId = stored.id;

    await logOut();
    await logIn(parent.password);
  });

  it("signs up for a slot with their details prefilled and sees 'You' on the sheet", async () => {
    const { page } = journey;
    await page.goto(`/signup-sheet/${sheetId}`);
    await waitUntilHydrated(page);
    await page.getByRole('button', { name: 'Sign Up' }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Name').inputValue()).resolves.toBe(parent.name);
    await expect(dialog.getByLabel('Email').inputValue()).resolves.toBe(parent.email);
    await expect(dialog.getByLabel('Phone').inputValue()).resolves.toBe(parent.phone);
    await dialog.getByLabel('Notes').fill('Bringing my own brushes');
    await dialog.getByRole('button', { name: /sign up/i }).click();
    await page.getByText('Signup Successful!').waitFor();

    await page.getByText('You', { exact: true }).waitFor();
    await page.getByText('2 spots left').waitFor();
    await page.getByRole('button', { name: 'Cancel my signup' }).waitFor();
  });

  it("shows the signup on the profile: 'Upcoming', 1 signup and the slot's 2.5 hours", async () => {
    const { page } = journey;
    await openUserMenu();
    await page.getByRole('menuitem', { name: 'My Profile' }).click();
    await page.waitForURL(`**/profile/${userId}`);

    await page.getByRole('heading', { level: 1, name: parent.name }).waitFor();
    await page.getByText(parent.email).first().waitFor();
    const history = page.getByRole('region', { name: 'Volunteer History' });
    const entry = history.getByRole('listitem');
    await expect(entry.count()).resolves.toBe(1);
    await entry.getByRole('link', { name: 'Spring Carnival' }).waitFor();
    await entry.getByText('Face painting').waitFor();
    await entry.getByText('Notes: Bringing my own brushes').waitFor();
    await entry.getByText('Upcoming', { exact: true }).waitFor();
    await expect(page.getByRole('group', { name: 'Total Signups' }).innerText()).resolves.toContain('1');
    await expect(page.getByRole('group', { name: 'Total Hours' }).innerText()).resolves.toContain('2.5');
    await expect(entry.getByRole('link', { name: 'Spring Carnival' }).getAttribute('href')).resolves.toBe(
      `/signup-sheet/${sheetId}`,
    );
  });

  it('renames the account in Account Settings, and the header follows', async () => {
    const { page } = journey;
    await openUserMenu();
    await page.getByRole('menuitem', { name: 'Account Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Account Settings' });
    await expect(dialog.getByLabel('Email').inputValue()).resolves.toBe(parent.email);
    parent.name = 'Jordan A. Lee';
    await dialog.getByLabel('Name').fill(parent.name);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Account Updated!').waitFor();
    await page.getByRole('button', { name: `Account menu for ${parent.name}` }).waitFor();
    await page.getByRole('heading', { level: 1, name: parent.name }).waitFor();
    const stored = await page.evaluate(() => localStorage.getItem('currentUser'));
    expect(JSON.parse(stored ?? 'null')).toMatchObject({ id: userId, name: parent.name });
  });

  it('changes the password through the dialog, then logs in with the new one', async () => {
    const { page } = journey;
    await openUserMenu();
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.getByLabel('Current Password').fill(parent.password);
    await dialog.getByLabel(/^New Password/).fill(parent.newPassword);
    await dialog.getByLabel('Confirm New Password').fill('not-the-same');
    await dialog.getByRole('button', { name: 'Update Password' }).click();
    await dialog.getByText("New passwords don't match").waitFor();
    await dialog.getByLabel('Confirm New Password').fill(parent.newPassword);
    await dialog.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Password Updated!').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // This browser stays signed in.
    await page.reload();
    await page.getByRole('button', { name: `Account menu for ${parent.name}` }).waitFor();

    await logOut();
    const old = await journey.api('POST', '/api/auth/login', { email: parent.email, password: parent.password }, false);
    expect(old.status).toBe(401);
    await logIn(parent.newPassword);
  });

  it('cancels their own signup after confirming, and the count drops', async () => {
    const { page } = journey;
    await page.goto(`/signup-sheet/${sheetId}`);
    await waitUntilHydrated(page);
    await page.getByText('2 spots left').waitFor();
    await page.getByRole('button', { name: 'Cancel my signup' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Signup' });
    await dialog.getByText('Are you sure you want to cancel your signup for Face painting?').waitFor();
    await dialog.getByRole('button', { name: 'Cancel my signup' }).click();
    await page.getByText('Signup Cancelled').waitFor();
    await page.getByText('3 spots left').waitFor();
    await expect(page.getByText('You', { exact: true }).count()).resolves.toBe(0);

    const sheet = await journey.api('GET', `/api/signup-sheets/${sheetId}`);
    expect((sheet.body as { slots: { currentVolunteers: number }[] }).slots[0]?.currentVolunteers).toBe(0);
  });

  it("says 'Profile Not Found' for someone else's profile", async () => {
    const { page } = journey;
    await page.goto('/profile/1');
    await page.getByRole('heading', { name: 'Profile Not Found' }).waitFor();
  });
});
