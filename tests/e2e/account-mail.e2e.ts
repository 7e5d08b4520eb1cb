// E-mail about the account, in the browser, on a Nubo that sends mail to a real SMTP server on
// loopback: confirming the address from the mailed link, and resetting a forgotten password from
// the sign-in page through its mailed link; nothing of it shows on a server without mail.
import type { Page } from '@playwright/test';
import { type SmtpSink, startSmtpSink } from '../../server/testing/smtp-sink.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { startNubo } from './second-server.ts';

const OLD_PASSWORD = 'violet harbour lamp 42';
const NEW_PASSWORD = 'amber meadow kettle 77';

/** The address of the link a mail carries to `page`. */
function linkIn(text: string | undefined, page: string): string {
  const link = new RegExp(`(https?://\\S+${page}\\?token=\\S+)`).exec(text ?? '')?.[1];
  if (!link) throw new Error(`no ${page} link in: ${text}`);
  return link;
}

async function signUp(page: Page, url: string, email: string) {
  await page.goto(`${url}/auth`);
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Name').fill('Grace Hopper');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(OLD_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/drive\/all$/);
}

test.describe('account e-mails', () => {
  let smtp: SmtpSink;
  let nubo: Awaited<ReturnType<typeof startNubo>>;
  test.beforeAll(async () => {
    smtp = await startSmtpSink();
    nubo = await startNubo({ SMTP_URL: smtp.url, MAIL_FROM: 'Nubo <no-reply@example.org>' });
  });
  test.afterAll(async () => {
    await nubo?.stop();
    await smtp?.close();
  });

  test('confirms the address from the link mailed after sign-up, or sent again from the account page', async ({ page }) => {
    const email = `confirm-${Date.now()}@example.com`;
    await signUp(page, nubo.url, email);
    expect((await smtp.nextTo(email)).subject).toBe('Confirm your e-mail address for Nubo');
    // The account page says the address waits for confirmation, and sends the link again.
    await page.goto(`${nubo.url}/drive/account`);
    await expect(page.getByText('Not confirmed yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Send the confirmation link again' }).click();
    await expect(page.getByRole('status')).toContainText('A confirmation link is on its way to');
    await expectAccessible(page, 'the account page with an unconfirmed address');
    const mail = await smtp.nextTo(email, 2);
    await page.goto(linkIn(mail.text, '/auth/verify'));
    await expect(page.getByRole('status')).toHaveText(/Your e-mail address .* is confirmed\./);
    await expectAccessible(page, 'the address confirmation page');
    // The link works once, and the account page no longer asks.
    await page.reload();
    await expect(page.getByRole('alert')).toContainText('This link has expired or was already used.');
    await page.goto(`${nubo.url}/drive/account`);
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    await expect(page.getByText('Not confirmed yet.')).toHaveCount(0);
  });

  test('resets a forgotten password from the sign-in page through the mailed link', async ({ page, browser }) => {
    const email = `reset-${Date.now()}@example.com`;
    await signUp(page, nubo.url, email);
    await smtp.nextTo(email);

    // Another browser, as the person who forgot the password would be in.
    const otherBrowser = await browser.newContext();
    const other = await otherBrowser.newPage();
    await other.goto(`${nubo.url}/auth`);
    await other.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(other).toHaveURL(/\/auth\/reset$/);
    await expectAccessible(other, 'the password reset request');
    await other.getByLabel('E-mail address').fill(email);
    await other.getByRole('button', { name: 'Send the link' }).click();
    await expect(other.getByRole('status')).toContainText(`If an account uses ${email}, a link to reset its password is on its way.`);

    const mail = await smtp.nextTo(email, 2);
    await other.goto(linkIn(mail.text, '/auth/reset'));
    await other.getByLabel('New password').fill('short');
    await other.getByRole('button', { name: 'Save the new password' }).click();
    await expect(other.getByLabel('New password')).toHaveAttribute('aria-invalid', 'true');
    await expect(other.locator('.field-error')).toHaveText('This password is too short. Use at least 8 characters.');
    await expectAccessible(other, 'the new password form');
    await other.getByLabel('New password').fill(NEW_PASSWORD);
    await other.getByRole('button', { name: 'Save the new password' }).click();
    await expect(other.getByRole('status')).toContainText('Your password is changed, and every device was signed out.');

    // The first browser was signed out by the reset.
    await page.goto(`${nubo.url}/drive/account`);
    await expect(page).toHaveURL(/\/auth\?redirect=/);
    await other.getByRole('link', { name: 'Back to sign-in' }).click();
    await other.getByLabel('E-mail address').fill(email);
    await other.getByLabel('Password').fill(NEW_PASSWORD);
    await other.getByRole('button', { name: 'Sign in' }).click();
    await expect(other).toHaveURL(/\/drive\/all$/);
    await otherBrowser.close();
  });
});

test('offers no password reset on a server that sends no mail', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // The mail status has been asked for, and said no.
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveCount(0);
});
