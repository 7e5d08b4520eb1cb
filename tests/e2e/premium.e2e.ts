// Premium in a real browser: the operator mints codes with the command line on the server's own
// database; a person redeems one on the drive's premium page and sees premium turn on, the
// storage plans and the quota grow, and the shop say the same.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { type StripeStandIn, startStripeStandIn } from '../../server/testing/stripe-stand-in.ts';
import { item, PASSWORD, signUp, toolbar, upload, uploads } from './drive-helpers.ts';
import { expect, test } from './fixtures.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

let stripe: StripeStandIn;
test.beforeAll(async () => {
  stripe = await startStripeStandIn({ webhookSecret: 'whsec_e2e', port: Number(process.env.E2E_STRIPE_PORT) });
  stripe.webhookUrl = `http://127.0.0.1:${process.env.E2E_PORT}/vip/v1/payments/stripe/webhook`;
});
test.afterAll(async () => stripe?.close());

/** Codes for a plan of tests/fixtures/plans.e2e.json, minted as the operator does. */
function mint(plan: string, count = 1): string[] {
  const csv = execFileSync(process.execPath, [path.join(ROOT, 'server/cli.ts'), 'codes', 'mint', '--plan', plan, '--count', String(count)], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, PLANS_FILE: path.join(ROOT, 'tests/fixtures/plans.e2e.json'), LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
  return csv
    .trim()
    .split('\n')
    .slice(1)
    .map((row) => row.split(',')[0]!);
}

async function redeem(page: Page, code: string) {
  await page.getByRole('textbox', { name: 'Activation code' }).fill(code);
  await page.getByRole('button', { name: 'Redeem' }).click();
}

test('a code redeemed on the premium page turns premium on, and a storage code grows the quota', async ({ page }) => {
  const [premium] = mint('premium-month');
  const [storage] = mint('storage-1tb');
  await signUp(page, 'Petra Premium');

  await page.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'Premium' }).click();
  await expect(page).toHaveURL(/\/drive\/payment$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Premium and storage' })).toBeVisible();
  await expect(page.locator('[data-membership]')).toHaveText("You're on the free plan.");
  await expect(page.locator('[data-plan=premium-month]')).toContainText('Premium for 31 days');
  await expect(page.locator('[data-plan=storage-1tb]')).toContainText('With an activation code');
  await expect(page.getByRole('region', { name: "What you've been given" })).toContainText('Nothing yet.');

  // A wrong code is refused, translated, and the field keeps focus for another try.
  await redeem(page, 'AAAA-BBBB-CCCC-DDDD');
  await expect(page.locator('.redeem-form [role=status]')).toHaveText(/isn't valid, has expired or has already been used/);
  await expect(page.getByRole('textbox', { name: 'Activation code' })).toBeFocused();

  await redeem(page, premium!.toLowerCase());
  await expect(page.locator('.redeem-form [role=status]')).toHaveText('Code redeemed: Premium is yours.');
  await expect(page.locator('[data-membership]')).toHaveText(/^You're a Premium member until \w+ \d+, \d{4}\.$/);
  await expect(page.locator('.grant-list li[data-kind=premium]')).toContainText('Activation code');
  // Premium's tier gives 100 GB.
  await expect(page.locator('[data-usage=storage]')).toHaveText('0 B of 100.00 GB stored');

  // The storage page lists the storage plans only; the quota bar leads there too.
  await page.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'Get more storage' }).click();
  await expect(page).toHaveURL(/\/drive\/payment\/storage$/);
  await expect(page.getByRole('navigation', { name: 'Premium pages' }).getByRole('link', { name: 'Storage', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.locator('[data-plan]')).toHaveCount(1);
  await redeem(page, storage!);
  await expect(page.locator('.redeem-form [role=status]')).toHaveText('Code redeemed: 1.00 TB of storage is yours.');
  await expect(page.locator('[data-usage=storage]')).toHaveText('0 B of 1.10 TB stored');
  await expect(page.getByRole('navigation', { name: 'Navigation' }).getByText('0 B of 1.10 TB used')).toBeVisible();

  // The same code again is refused: it was used.
  await redeem(page, storage!);
  await expect(page.locator('.redeem-form [role=status]')).toHaveText(/has already been used/);

  // The shop says the same.
  await page.goto('/inapp/shop');
  await expect(page.locator('[data-part=membership] [role=status]')).toHaveText(/^You're a Premium member until/);
  await expect(page.locator('.grant-list li')).toHaveCount(2);
});

test('a check-in gives the day’s reward once, and says so', async ({ page }) => {
  await signUp(page, 'Cheryl Check-in');
  await page.goto('/check-in');
  await expect(page.locator('[data-reward=daily]')).toHaveText('Each check-in: 1.00 GB more downloads for 7 days');
  await expect(page.locator('[data-reward=streak]')).toHaveText('Every 7 days in a row, also: Premium for 1 day');
  await expect(page.locator('[data-streak]')).toHaveText('Days in a row: 0');
  await page.getByRole('button', { name: 'Check in today' }).click();
  await expect(page.getByRole('status')).toHaveText('Checked in: 1.00 GB of downloads. Come back tomorrow.');
  await expect(page.locator('[data-streak]')).toHaveText('Days in a row: 1');
  await expect(page.getByRole('button', { name: 'Check in today' })).toBeHidden();
  await page.reload();
  await expect(page.getByRole('status')).toHaveText("You've checked in today. Come back tomorrow.");
  await expect(page.getByRole('button', { name: 'Check in today' })).toBeHidden();
  // The grant shows among what the drive's premium page lists.
  await page.goto('/drive/payment/traffic');
  await expect(page.locator('.grant-list li[data-kind=traffic]')).toContainText('Check-in');
});

test('an invited friend signs up through the link: both get their premium days', async ({ page, browser }) => {
  await signUp(page, 'Ines Inviter');
  await page.goto('/drive/payment');
  const invite = page.getByRole('region', { name: 'Invite friends' });
  await expect(invite).toContainText('A friend who signs up through your link gets Premium for 3 days, and you get Premium for 5 days.');
  const link = await invite.getByLabel('Your invite link').inputValue();
  expect(link).toMatch(/\/referral\?code=[2-9A-Z]{8}$/);
  // The inviter signed in from elsewhere: every browser test comes from this machine, which would
  // otherwise make the friend look like the inviter's second account.
  const database = new Database(path.join(process.env.E2E_DATA_DIR!, 'nubo.db'));
  database.prepare("update session set ip = '203.0.113.9' where user_id = (select id from user where name = 'Ines Inviter')").run();
  database.close();

  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  await friend.goto(link);
  await expect(friend).toHaveURL(/\/auth\?redirect=/);
  await friend.getByRole('button', { name: 'Create an account' }).click();
  await friend.getByLabel('Name').fill('Fritz Friend');
  await friend.getByLabel('E-mail address').fill(`friend-${Date.now()}@example.com`);
  await friend.getByLabel('Password').fill(PASSWORD);
  await friend.getByRole('button', { name: 'Create account' }).click();
  await expect(friend).toHaveURL(/\/drive\/all$/);
  // Joining runs right after the sign-up, from the page's script, which sets the free-days cookie
  // once the server answers: leaving the page before that would leave the answer unread.
  await expect.poll(async () => (await friendContext.cookies()).find((cookie) => cookie.name === 'nubo_free_days')?.value).toBe('3');
  // The friend's premium page then shows it.
  await friend.goto('/drive/payment');
  await expect(friend.locator('[data-membership]')).toHaveText(/^You're a Premium member until/);
  await expect(friend.locator('.grant-list li[data-kind=premium]')).toContainText('Invitation');
  await friendContext.close();

  await page.reload();
  await expect(page.getByRole('region', { name: 'Invite friends' }).locator('[data-invited]')).toHaveText(
    'Joined through your link: 1. Premium days earned: 5.',
  );
  await expect(page.locator('[data-membership]')).toHaveText(/^You're a Premium member until/);
});

test('the compensation is claimed once, and shows among what was given', async ({ page }) => {
  await signUp(page, 'Conrad Compensated');
  await page.goto('/activity/compensation');
  await page.getByRole('button', { name: 'Claim my compensation' }).click();
  await expect(page.getByRole('status')).toHaveText('Claimed: Premium is yours.');
  await expect(page.getByRole('button', { name: 'Claim my compensation' })).toBeHidden();
  await page.reload();
  await page.getByRole('button', { name: 'Claim my compensation' }).click();
  await expect(page.getByRole('status')).toHaveText('Your account has already received this compensation.');
  await page.goto('/drive/payment');
  await expect(page.locator('.grant-list li[data-kind=premium]')).toContainText('Compensation');
});

test('a plan bought on the provider’s page turns premium on once the payment is confirmed; leaving the page charges nothing', async ({ page }) => {
  await signUp(page, 'Bea Buyer');
  await page.goto('/drive/payment');
  // Leaving the checkout comes back saying nothing was charged.
  await page.locator('[data-plan=premium-month]').getByRole('button', { name: 'Buy for €5.49' }).click();
  await expect(page.getByRole('heading', { name: 'Pay 549 eur' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('[data-purchase]')).toHaveText('You left the payment page; nothing was charged.');
  await expect(page.locator('[data-membership]')).toHaveText("You're on the free plan.");

  await page.locator('[data-plan=premium-month]').getByRole('button', { name: 'Buy for $5.99' }).click();
  await expect(page.getByRole('heading', { name: 'Pay 599 usd' })).toBeVisible();
  // The stand-in's Pay delivers Stripe's signed event to the server, then sends the person back.
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/drive\/payment\?purchase=\w+$/);
  await expect(page.locator('[data-purchase]')).toHaveText('Payment received: Premium for 31 days is yours.');
  await expect(page.locator('[data-membership]')).toHaveText(/^You're a Premium member until/);
  await expect(page.locator('.grant-list li[data-kind=premium]')).toContainText('Purchase');
});

test('a drive too full for an upload offers more storage, which a storage code then gives', async ({ page }) => {
  const [storage] = mint('storage-1tb');
  await signUp(page, 'Felix Full');
  // This account may store 1 KB only (an operator's own limit for it).
  const database = new Database(path.join(process.env.E2E_DATA_DIR!, 'nubo.db'));
  database.prepare("update user set storage_limit = 1000 where name = 'Felix Full'").run();
  database.close();
  await upload(page, [{ name: 'big.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(5000, 1) }]);
  const uploaded = uploads(page).getByRole('listitem').filter({ hasText: 'big.bin' });
  await expect(uploaded.getByRole('alert')).toContainText('There is not enough storage space left.');
  // The storage dialog opens over the drive, the upload still listed under it.
  await uploaded.getByRole('button', { name: 'Get more storage' }).click();
  const dialog = page.getByRole('dialog', { name: 'Storage' });
  await expect(dialog.locator('[data-usage=storage]')).toHaveText('0 B of 1000 B stored');
  await dialog.getByRole('textbox', { name: 'Activation code' }).fill(storage!);
  await dialog.getByRole('button', { name: 'Redeem' }).click();
  await expect(dialog.locator('[data-usage=storage]')).toHaveText('0 B of 1.00 TB stored');
  await dialog.press('Escape');
  await expect(uploaded).toBeVisible();

  // A link carrying the action (from an e-mail, the site) opens the code box over the page it names.
  await page.goto('/drive/all?action=open_redeem_box');
  await expect(page.getByRole('dialog', { name: 'Redeem an activation code' })).toBeVisible();
  await expect(page).toHaveURL(/\/drive\/all$/);
  await page.goto('/drive/recent?action=show_invite_dialog');
  await expect(page.getByRole('dialog', { name: 'Invite friends' }).getByLabel('Your invite link')).toHaveValue(/\/referral\?code=/);
});

test('past the month’s downloads a download opens the way to more instead, and a traffic pack gives more', async ({ page }) => {
  const [traffic] = mint('traffic-500gb');
  await signUp(page, 'Tara Traffic');
  await upload(page, [{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('some notes') }]);
  await expect(item(page, 'notes.txt')).toBeVisible();
  // This month's 1 TB of downloads (the free tier here) is used up.
  const database = new Database(path.join(process.env.E2E_DATA_DIR!, 'nubo.db'));
  const month = new Date().getUTCFullYear() * 100 + new Date().getUTCMonth() + 1;
  database.prepare("insert into traffic_month (user_id, month, download_bytes) select id, ?, 1099511627776 from user where name = 'Tara Traffic'").run(month);
  database.close();

  await item(page, 'notes.txt').click();
  await toolbar(page).getByRole('button', { name: 'Download', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Download traffic' });
  await expect(dialog.getByText(/^This month's downloads are used up\. They start over on/)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Activation code' }).fill(traffic!);
  await dialog.getByRole('button', { name: 'Redeem' }).click();
  await expect(dialog.locator('[data-usage=traffic]')).toHaveText('1.00 TB of 1.49 TB downloaded this month');
  await dialog.press('Escape');
  const download = page.waitForEvent('download');
  await toolbar(page).getByRole('button', { name: 'Download', exact: true }).click();
  expect((await download).suggestedFilename()).toBe('notes.txt');
});
