// The operator console (/admin), as an operator uses it: every page from the keyboard and the
// mouse, each checked with axe, against the real server and its real API.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { call, file, folder, grantOperatorRole, PASSWORD, signUp } from './drive-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

const OPERATOR = 'operator@e2e.example.com';

async function signUpOperator(page: Page) {
  await page.goto('/auth?locale=en-US');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Name').fill('Operator');
  await page.getByLabel('E-mail address').fill(OPERATOR);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/drive\/all$/);
  grantOperatorRole(OPERATOR);
  await page.reload();
}

const consoleNav = (page: Page) => page.getByRole('navigation', { name: 'Console' });

test.describe('the operator console', () => {
  test('an operator runs the server from it: accounts, reports, codes, plans, settings and the audit log', async ({ browser, page }) => {
    // One walk through every page and dialog of the console, each checked with axe: a long test.
    test.setTimeout(120_000);
    // Someone whose share gets reported.
    const owner = await (await browser.newContext()).newPage();
    await signUp(owner, 'Shady Owner');
    // The profile shows the address masked: the console finds the account by its id.
    const ownerId = (await call<{ sub: string }>(owner, 'GET', '/v1/user/me')).sub;
    const album = await folder(owner, 'Too good to be true');
    await file(owner, 'claim-your-prize.txt', album, Buffer.from('Send us your card number.'), 'text/plain');
    const { share_id: shareId } = await call<{ share_id: string }>(owner, 'POST', '/drive/v1/share', { file_ids: [album], title: 'Free money' });
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto('/auth?locale=en-US');
    await call(visitor, 'POST', '/drive/v1/share/report', { share_id: shareId, reason: 'spam', note: 'Asks for card numbers' });

    await signUpOperator(page);
    await page.getByRole('link', { name: 'Operator console' }).click();
    await expect(page).toHaveURL(/\/admin$/);

    // Overview: the figures, and each chart's figures as a table too.
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expect(page.getByRole('term').filter({ hasText: /^Accounts$/ })).toBeVisible();
    const signUps = page.getByRole('figure', { name: /Sign-ups per day/ });
    await expect(signUps).toBeVisible();
    await expect(signUps.locator('svg.recharts-surface')).toBeVisible();
    await signUps.getByText('Show the figures').click();
    await expect(signUps.getByRole('row')).not.toHaveCount(0);
    await expectAccessible(page, 'the console overview');

    // Accounts, from the keyboard: search, then open the account found.
    await consoleNav(page).getByRole('link', { name: 'Accounts' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
    const search = page.getByRole('searchbox', { name: 'E-mail address, name or account ID' });
    await search.focus();
    await page.keyboard.type(ownerId);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/users\?q=/);
    const found = page.getByRole('table').getByRole('link');
    await expect(found).toHaveCount(1);
    await expect(page.getByRole('table')).toContainText('Shady Owner');
    await expectAccessible(page, 'the console accounts');
    await found.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: /@example\.com$/ })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: ownerId })).toBeVisible();
    await expectAccessible(page, 'an account in the console');

    // Its quota, then disabled (signed out everywhere, its share closed) and enabled again.
    await page.getByLabel('Quota in GiB').fill('2');
    await page.getByRole('button', { name: 'Save the quota' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The quota is saved.' })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: '2.00 GB' })).toBeVisible();
    expect((await call<{ quota: { limit: string } }>(owner, 'GET', '/drive/v1/about')).quota.limit).toBe(String(2 * 1024 ** 3));

    // Its devices, and premium given for a month.
    await expect(page.locator('.session-list').getByText('Web browser')).toBeVisible();
    await page.getByLabel('What', { exact: true }).selectOption('premium');
    await page.getByLabel('For (days)').fill('30');
    await page.getByRole('button', { name: 'Give', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Given.' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'What this account was given' }).getByText("From the server's operator")).toBeVisible();
    expect((await call<{ data: { type: string } }>(owner, 'GET', '/drive/v1/privilege/vip')).data.type).toBe('platinum');

    await page.getByRole('button', { name: 'Disable the account' }).click();
    const asking = page.getByRole('dialog', { name: 'Disable this account?' });
    await expect(asking).toBeVisible();
    await expectAccessible(page, 'the console’s disable dialog');
    await asking.getByRole('button', { name: 'Disable the account' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The account is disabled.' })).toBeVisible();
    await owner.reload();
    await expect(owner).toHaveURL(/\/auth\?/);
    await page.getByRole('button', { name: 'Enable the account' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The account is enabled.' })).toBeVisible();

    // Deleted after a grace period, and restored within it.
    await page.getByRole('button', { name: 'Delete the account' }).click();
    await expectAccessible(page, 'the console’s delete dialog');
    await page.getByRole('dialog', { name: 'Delete this account?' }).getByRole('button', { name: 'Delete the account' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The account will be deleted for good on' })).toBeVisible();
    await expect(page.getByText(/This account will be deleted for good on .*\. Restore it to stop that\./)).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: 'Being deleted' })).toBeVisible();
    await page.getByRole('button', { name: 'Restore the account' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The account is restored.' })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: /^Active$/ })).toBeVisible();

    // Reports: the queue shows what was reported, why, and by whose share; taken down from here.
    await consoleNav(page).getByRole('link', { name: 'Reports' }).click();
    const report = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Free money' }) });
    await expect(report).toBeVisible();
    await expect(report.getByText('It is spam or a scam')).toBeVisible();
    await expect(report.getByText('Asks for card numbers')).toBeVisible();
    await expect(report.getByText('A visitor who was not signed in')).toBeVisible();
    await expect(report.getByRole('link', { name: /@example\.com$/ })).toHaveAttribute('href', `/admin/users/${ownerId}`);
    await expect(report.getByRole('link', { name: 'Open “Free money” as visitors see it' })).toHaveAttribute('href', `/s/${shareId}`);
    await expectAccessible(page, 'the console reports');
    await report.getByRole('button', { name: 'Take the content down' }).click();
    await page.getByRole('dialog', { name: 'Take this content down?' }).getByRole('button', { name: 'Take the content down' }).click();
    await expect(page.getByRole('status').filter({ hasText: '“Free money” is taken down' })).toBeVisible();
    await expect(page.getByText('No report is waiting.')).toBeVisible();
    expect((await call<{ share_status: string }>(visitor, 'GET', `/drive/v1/share?share_id=${shareId}`)).share_status).toBe('PROHIBITED');
    // Handled: and what was taken down can be given back.
    await page.getByRole('button', { name: 'Handled' }).click();
    const handled = page.getByRole('listitem').filter({ hasText: 'Free money' });
    await expect(handled.getByText('Taken down')).toBeVisible();
    await handled.getByRole('button', { name: 'Restore the content' }).click();
    await expect(page.getByRole('status').filter({ hasText: '“Free money” is restored; 1 shares open again.' })).toBeVisible();
    await expect(handled.getByText('Restored')).toBeVisible();
    expect((await call<{ share_status: string }>(visitor, 'GET', `/drive/v1/share?share_id=${shareId}`)).share_status).toBe('OK');

    // Activation codes: made, saved once as CSV, listed, and the rest revoked.
    await consoleNav(page).getByRole('link', { name: 'Activation codes' }).click();
    await page.getByLabel('How many').fill('3');
    await page.getByRole('button', { name: 'Make the codes' }).click();
    await expect(page.getByText('3 codes are made. Save them now: they cannot be shown again.')).toBeVisible();
    const saving = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Save the codes (CSV)' }).click();
    const csv = readFileSync(await (await saving).path(), 'utf8')
      .trim()
      .split('\n');
    expect(csv).toHaveLength(4);
    const batchRow = page.getByRole('row').filter({ hasText: '0 of 3' });
    await expect(batchRow).toBeVisible();
    await expectAccessible(page, 'the console codes');
    await batchRow.getByRole('button', { name: /^Revoke/ }).click();
    await page.getByRole('dialog', { name: 'Revoke this batch?' }).getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByRole('status').filter({ hasText: '3 codes no longer work.' })).toBeVisible();
    // A revoked code no longer redeems.
    const redeemer = await (await browser.newContext()).newPage();
    await signUp(redeemer, 'Late Redeemer');
    const code = csv[1]!.split(',')[0]!;
    const refused = await redeemer.evaluate(async (activation_code) => {
      const answer = await fetch('/vip/v1/order/activation-code', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ activation_code }),
      });
      return ((await answer.json()) as { error: string }).error;
    }, code);
    expect(refused).toBe('invalid_activation_code');

    // Plans and campaigns, read only.
    await consoleNav(page).getByRole('link', { name: 'Plans' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Campaigns' })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'compensation' })).toBeVisible();
    await expectAccessible(page, 'the console plans');

    // Settings: the configuration, secrets masked.
    await consoleNav(page).getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('row', { name: /ADMIN_EMAILS/ })).toContainText(OPERATOR);
    await expect(page.getByRole('row', { name: /STRIPE_SECRET_KEY/ })).not.toContainText('sk_test_e2e');
    await expectAccessible(page, 'the console settings');

    // The audit log names each action this operator took.
    await consoleNav(page).getByRole('link', { name: 'Audit log' }).click();
    for (const action of [
      'Changed a quota',
      'Disabled or enabled an account',
      'Took content down',
      'Restored content',
      'Made activation codes',
      'Revoked activation codes',
    ]) {
      await expect(page.getByRole('row').filter({ hasText: action }).filter({ hasText: OPERATOR }).first()).toBeVisible();
    }
    await expectAccessible(page, 'the console audit log');

    // The same pages in the dark theme.
    await page.emulateMedia({ colorScheme: 'dark' });
    for (const [address, heading] of [
      ['/admin', 'Overview'],
      [`/admin/users/${ownerId}`, /@example\.com$/],
      ['/admin/reports?state=handled', 'Reports'],
      ['/admin/codes', 'Activation codes'],
    ] as const) {
      await page.goto(address);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await expectAccessible(page, `${address} in the dark theme`);
    }
  });

  test('is not for people without the operator role: no way in from the drive, and the page says so', async ({ page }) => {
    await signUp(page, 'Curious User');
    await expect(page.getByRole('link', { name: 'Operator console' })).toHaveCount(0);
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { level: 1, name: 'This console is for the operators of this server' })).toBeVisible();
    await expectAccessible(page, 'the console refused');
  });
});
