import { smtpEnv, startTestSmtp, type TestSmtp } from '@pac/server/test/smtp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, mailedLink, startJourney } from './harness';

/**
 * The emailed account links (API.md "Trust: who owns an email address"), followed in Chromium: the
 * mail goes through a real SMTP server, and the test opens the link it carries.
 */

let smtp: TestSmtp;
let journey: Journey;
beforeAll(async () => {
  smtp = await startTestSmtp();
  journey = await startJourney(smtpEnv(smtp));
});
afterAll(async () => {
  await journey.close();
  await smtp.close();
});

const parent = {
  name: 'Robin Park',
  email: 'robin@example.org',
  password: 'first-secret-1',
  newPassword: 'after-reset-2',
};

const storedUser = () => journey.page.evaluate(() => localStorage.getItem('currentUser'));

describe('account links sent by email', () => {
  let userId = 0;
  let resetLink = '';

  it('registers in the dialog, is asked to confirm the address, and confirms it with the emailed link', async () => {
    const { page } = journey;
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'Welcome to PAC Hub' });
    await dialog.getByRole('tab', { name: 'Sign Up' }).click();
    await dialog.getByLabel('Name').fill(parent.name);
    await dialog.getByLabel('Email').fill(parent.email);
    await dialog.getByLabel('Password').fill(parent.password);
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Account Created!').waitFor();
    userId = (JSON.parse((await storedUser()) ?? 'null') as { id: number }).id;

    // The profile asks for the confirmation, and a new link can be had from there.
    await page.goto(`/profile/${userId}`);
    const notice = page.getByRole('region', { name: 'Please confirm your email address' });
    await notice.waitFor();
    await notice.getByRole('button', { name: 'Resend confirmation email' }).click();
    await notice.getByText(`We sent a new link to ${parent.email}`).waitFor();

    // Both mails carry a link; the newest one is followed.
    const link = await mailedLink(smtp, parent.email, '/verify-email', 2);
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Email verified' }).waitFor();
    await page.getByText(`Your email address ${parent.email} is confirmed.`).waitFor();

    await page.getByRole('link', { name: 'Go to my profile' }).click();
    await page.getByRole('heading', { level: 1, name: parent.name }).waitFor();
    await expect(notice.count()).resolves.toBe(0);
    const me = await page.evaluate(() => fetch('/api/auth/me').then((res) => res.json() as Promise<unknown>));
    expect(me).toMatchObject({ id: userId, emailVerified: true });

    // The link works once.
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'This link is invalid or has expired' }).waitFor();
  });

  it("asks for a reset link with 'Forgot password?', sets a new password with it, and logs in", async () => {
    const { page, context } = journey;
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'Welcome to PAC Hub' });
    await dialog.getByLabel('Email').fill(parent.email);
    await dialog.getByRole('button', { name: 'Forgot password?' }).click();
    await dialog.getByRole('heading', { name: 'Reset your password' }).waitFor();
    const email = dialog.getByLabel('Email');
    await expect(email.inputValue()).resolves.toBe(parent.email);
    await expect(email.evaluate((input) => input === document.activeElement)).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await dialog
      .getByRole('alert')
      .getByText(/If an account exists for that email/)
      .waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    resetLink = await mailedLink(smtp, parent.email, '/reset-password');

    // Signed in to that account in this browser (as on a shared computer): the reset ends it.
    const login = await context.request.post('/api/auth/login', {
      data: { email: parent.email, password: parent.password },
    });
    expect(login.status()).toBe(200);
    await page.goto(resetLink);
    await page.getByRole('button', { name: `Account menu for ${parent.name}` }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();

    await page.getByLabel(/^New password/).fill(parent.newPassword);
    await page.getByLabel(/^Confirm new password/).fill('not-the-same');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText("New passwords don't match").waitFor();
    await page.getByLabel(/^Confirm new password/).fill(parent.newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();

    await page.getByRole('heading', { level: 1, name: 'Password reset' }).waitFor();
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).waitFor();
    expect(await storedUser()).toBeNull();

    const old = await journey.api('POST', '/api/auth/login', { email: parent.email, password: parent.password }, false);
    expect(old.status).toBe(401);

    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    const again = page.getByRole('dialog', { name: 'Welcome to PAC Hub' });
    await again.getByLabel('Email').fill(parent.email);
    await again.getByLabel('Password').fill(parent.newPassword);
    await again.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Welcome Back!').waitFor();
    await page.getByRole('button', { name: `Account menu for ${parent.name}` }).waitFor();
  });

  it('refuses a used reset link, and offers to send a new one', async () => {
    const { page } = journey;
    await page.goto(resetLink);
    await page.getByLabel(/^New password/).fill('third-secret-3');
    await page.getByLabel(/^Confirm new password/).fill('third-secret-3');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('heading', { level: 1, name: 'This link is invalid or has expired' }).waitFor();

    // The password did not change, and this browser is still signed in.
    const current = await journey.api(
      'POST',
      '/api/auth/login',
      { email: parent.email, password: parent.newPassword },
      false,
    );
    expect(current.status).toBe(200);
    await page.getByRole('button', { name: `Account menu for ${parent.name}` }).waitFor();

    await page.getByRole('button', { name: 'Send me a new link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Welcome to PAC Hub' });
    await dialog.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await expect(dialog.getByLabel('Email').evaluate((input) => input === document.activeElement)).resolves.toBe(true);
  });
});
