// Every page of the app and every dialog it opens, checked with axe against WCAG 2 A/AA in light
// and dark: a serious or critical violation (text too faint to read, a control whose name is not
// the words it shows, a region a keyboard cannot reach) fails the test, naming rule and elements.
import type { Page } from '@playwright/test';
import { call, file, folder, item, openFile, openShare, signUp, toolbar } from './drive-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

const THEMES = ['light', 'dark'] as const;

/** Checks what the page shows now in both themes, switched as the theme toggle does (on the root element). */
async function inBothThemes(page: Page, what: string) {
  const chosen = await page.locator('html').getAttribute('data-theme');
  for (const theme of THEMES) {
    await page.evaluate((theme) => {
      document.documentElement.dataset.theme = theme;
    }, theme);
    await expectAccessible(page, `${what} (${theme})`);
  }
  await page.evaluate((theme) => {
    if (theme) document.documentElement.dataset.theme = theme;
  }, chosen);
}

/** A dialog opened by `open`, checked, then closed with Escape. */
async function dialog(page: Page, name: string, open: () => Promise<void>) {
  await open();
  await expect(page.getByRole('dialog', { name })).toBeVisible();
  await inBothThemes(page, `the “${name}” dialog`);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name })).toBeHidden();
}

test('the sign-in and sign-up forms', async ({ page }) => {
  await page.goto('/auth?locale=en-US');
  await expect(page.getByRole('button', { name: 'Create an account' })).toBeVisible();
  await inBothThemes(page, '/auth sign-in');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expect(page.getByLabel('Name')).toBeVisible();
  await inBothThemes(page, '/auth sign-up');
});

test('the drive’s pages, with files, a folder, the trash and a share in them', async ({ page }) => {
  // Nine pages in two themes: axe takes a second or two each.
  test.setTimeout(120_000);
  await signUp(page, 'Ada Access');
  const trip = await folder(page, 'Trip');
  await file(page, 'notes.txt', '', Buffer.from('notes\n'), 'text/plain');
  await file(page, 'inside.txt', trip, Buffer.from('inside\n'), 'text/plain');
  const gone = await file(page, 'gone.txt', '', Buffer.from('gone\n'), 'text/plain');
  await call(page, 'POST', '/drive/v1/files:batchTrash', { ids: [gone] });
  await call(page, 'POST', '/drive/v1/share', { file_ids: [trip] });

  await page.goto('/drive/all');
  await expect(item(page, 'Trip')).toBeVisible();
  await item(page, 'notes.txt').click();
  await inBothThemes(page, '/drive/all with a file selected');
  await page.goto(`/drive/all/${trip}`);
  await expect(item(page, 'inside.txt')).toBeVisible();
  await inBothThemes(page, 'a folder');

  for (const [path, heading] of [
    ['/drive/recent', 'Recent'],
    ['/drive/trash', 'Trash'],
    ['/drive/shares', 'My shares'],
    ['/drive/downloads', 'Downloads'],
    ['/drive/account', 'Account'],
    ['/drive/payment', 'Premium'],
    ['/drive/payment/storage', 'Storage'],
    ['/drive/payment/traffic', 'Download traffic'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await inBothThemes(page, path);
  }
});

test('the drive’s dialogs', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, 'Dee Dialog');
  await file(page, 'notes.txt', '', Buffer.from('notes\n'), 'text/plain');
  await folder(page, 'Trip');
  await page.goto('/drive/all');
  await expect(item(page, 'notes.txt')).toBeVisible();

  await dialog(page, 'New folder', () => toolbar(page).getByRole('button', { name: 'New folder' }).click());
  await dialog(page, 'New download', () => toolbar(page).getByRole('button', { name: 'New download' }).click());
  await item(page, 'notes.txt').click();
  await dialog(page, 'Rename', () => toolbar(page).getByRole('button', { name: 'Rename' }).click());
  await dialog(page, 'Move “notes.txt”', () => toolbar(page).getByRole('button', { name: 'Move to…' }).click());
  await dialog(page, 'Share', () => toolbar(page).getByRole('button', { name: 'Share' }).click());
  await dialog(page, 'notes.txt', () => openFile(page, 'notes.txt'));
  for (const [action, name] of [
    ['open_redeem_box', 'Redeem an activation code'],
    ['show_storage_dialog', 'Storage'],
    ['show_traffic_dialog', 'Download traffic'],
    ['show_invite_dialog', 'Invite friends'],
  ] as const) {
    await dialog(page, name, () => page.goto(`/drive/all?action=${action}`).then(() => undefined));
  }
});

test('the share page: the passcode form, the files, and a folder inside', async ({ page, browser }) => {
  const owner = await (await browser.newContext()).newPage();
  await signUp(owner, 'Sam Sharer');
  const trip = await folder(owner, 'Trip');
  await file(owner, 'plan.txt', trip, Buffer.from('the plan\n'), 'text/plain');
  const { share_id: shareId } = await call<{ share_id: string }>(owner, 'POST', '/drive/v1/share', {
    file_ids: [trip],
    pass_code_option: 'REQUIRED',
    custom_pass_code: 'sea42',
  });

  await openShare(page, `/s/${shareId}?locale=en-US`);
  await expect(page.getByRole('textbox', { name: 'Passcode' })).toBeVisible();
  await inBothThemes(page, 'the share page asking for its passcode');
  await page.getByRole('textbox', { name: 'Passcode' }).fill('sea42');
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Trip' })).toBeVisible();
  await inBothThemes(page, 'the share page');
  await openShare(page, `/s/${shareId}/${trip}?locale=en-US`);
  await expect(page.getByText('plan.txt')).toBeVisible();
  await inBothThemes(page, 'a folder of the share page');
});

test('the help centre', async ({ page }) => {
  await page.goto('/help-center?locale=en-US');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await inBothThemes(page, '/help-center');
});
