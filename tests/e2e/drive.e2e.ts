// The drive in the browser: folders and breadcrumbs, uploads (one cut off midway and
// resumed from the panel), downloads compared byte for byte, rename clashes, sort and view kept
// across a reload, the trash, and the quota bar. Each test signs up a user of its own (6 of the
// server's 20 sign-ups per hour per address).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { item, listed, newFolder, signUp, toolbar, upload, uploads } from './drive-helpers.ts';
import { expect, test } from './fixtures.ts';

test.describe('the drive', () => {
  test('creates folders and goes in and out of them by the breadcrumbs', async ({ page }) => {
    await signUp(page, 'Folder Walker');
    await expect(page.getByText('Your drive is empty')).toBeVisible();
    await newFolder(page, 'Projects');

    await item(page, 'Projects').dblclick();
    await expect(page).toHaveURL(/\/drive\/all\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    await expect(page.getByText('This folder is empty')).toBeVisible();
    await newFolder(page, 'Drafts');

    // The keyboard opens a folder too: the first arrow selects, Enter opens.
    await page.getByRole('listbox', { name: 'Files and folders' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(item(page, 'Drafts')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Drafts' })).toBeVisible();
    const trail = page.getByRole('navigation', { name: 'Folder path' });
    await expect(trail.getByRole('link')).toHaveText(['All files', 'Projects']);

    await trail.getByRole('link', { name: 'Projects' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    await expect(item(page, 'Drafts')).toBeVisible();
    await trail.getByRole('link', { name: 'All files' }).click();
    await expect(page).toHaveURL(/\/drive\/all$/);
    await expect(item(page, 'Projects')).toBeVisible();
  });

  test('uploads files, resumes one cut off midway, and downloads the same bytes', async ({ page, context }) => {
    await signUp(page, 'Byte Counter');
    await upload(page, [
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('first notes\n') },
      { name: 'data.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b\n1,2\n') },
      { name: 'empty.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) },
    ]);
    await expect(uploads(page).getByText(/^Uploaded/)).toHaveCount(3);
    for (const name of ['notes.txt', 'data.csv', 'empty.txt']) await expect(item(page, name)).toBeVisible();

    // Files dropped on the list upload into the folder shown.
    const dropped = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['dropped bytes'], 'dropped.txt', { type: 'text/plain' }));
      return transfer;
    });
    await page.locator('.file-browser').dispatchEvent('dragenter', { dataTransfer: dropped });
    await expect(page.getByText('Drop files or folders to upload them here')).toBeVisible();
    await page.locator('.file-browser').dispatchEvent('drop', { dataTransfer: dropped });
    await expect(item(page, 'dropped.txt')).toBeVisible();

    // 20 MB whose first PATCH reaches the server only halfway before the connection drops.
    const big = randomBytes(20 * 1024 * 1024);
    const bigPath = path.join(mkdtempSync(path.join(os.tmpdir(), 'nubo-drive-')), 'big.bin');
    writeFileSync(bigPath, big);
    const patchOffsets: string[] = [];
    let cut = false;
    await page.route('**/drive/v1/uploads/**', async (route) => {
      const request = route.request();
      if (request.method() === 'PATCH') patchOffsets.push((await request.allHeaders())['upload-offset'] ?? '');
      if (request.method() !== 'PATCH' || cut) return route.continue();
      cut = true;
      const body = request.postDataBuffer() ?? Buffer.alloc(0);
      await route.fetch({ postData: body.subarray(0, body.length / 2) });
      await context.setOffline(true);
      await route.abort('connectionreset');
    });
    await upload(page, bigPath);
    const bigUpload = uploads(page).getByRole('listitem').filter({ hasText: 'big.bin' });
    await expect(bigUpload.getByText(/^Interrupted at/)).toBeVisible();
    await context.setOffline(false);
    await bigUpload.getByRole('button', { name: 'Resume' }).click();
    await expect(bigUpload.getByText(/^Uploaded/)).toBeVisible();
    // The second request went on from where the server had stopped, not from the start.
    expect(patchOffsets).toEqual(['0', String(big.length / 2)]);

    await item(page, 'big.bin').click();
    const download = page.waitForEvent('download');
    await toolbar(page).getByRole('button', { name: 'Download', exact: true }).click();
    const saved = await (await download).path();
    expect(readFileSync(saved).equals(big)).toBe(true);

    // Cut off again, then the page reloaded: picking the same file goes on where the bytes stopped.
    const again = randomBytes(2 * 1024 * 1024);
    const againPath = path.join(path.dirname(bigPath), 'again.bin');
    writeFileSync(againPath, again);
    cut = false;
    patchOffsets.length = 0;
    await upload(page, againPath);
    await expect(
      uploads(page)
        .getByRole('listitem')
        .filter({ hasText: 'again.bin' })
        .getByText(/^Interrupted at/),
    ).toBeVisible();
    await context.setOffline(false);
    await page.reload();
    const waiting = uploads(page).getByRole('listitem').filter({ hasText: 'again.bin' });
    await expect(waiting.getByText('Interrupted by leaving the page. Choose “again.bin” again to go on where it stopped.')).toBeVisible();
    await upload(page, againPath);
    await expect(waiting.getByText(/^Uploaded/)).toBeVisible();
    expect(patchOffsets).toEqual(['0', String(again.length / 2)]);
    await expect(item(page, 'again.bin')).toBeVisible();
    await expect(listed(page).filter({ hasText: 'again (1).bin' })).toHaveCount(0);
  });

  test('previews an image with zoom and steps to the next one; other types offer a download', async ({ page }) => {
    await signUp(page, 'Image Viewer');
    // The smallest valid PNG: one transparent pixel.
    const pixel = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
    await upload(page, [
      { name: 'one.png', mimeType: 'image/png', buffer: pixel },
      { name: 'two.png', mimeType: 'image/png', buffer: pixel },
      { name: 'photos.zip', mimeType: 'application/zip', buffer: Buffer.from(`PK\x05\x06${'\0'.repeat(18)}`, 'latin1') },
    ]);
    await expect(uploads(page).getByText(/^Uploaded/)).toHaveCount(3);

    await item(page, 'one.png').dblclick();
    const preview = page.getByRole('dialog', { name: 'one.png' });
    await expect(preview.getByRole('img', { name: 'one.png' })).toBeVisible();
    await preview.getByRole('button', { name: 'Zoom in' }).click();
    await expect(preview.getByRole('button', { name: 'Fit to window' })).toContainText('150%');
    await preview.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('dialog', { name: 'two.png' }).getByText(/^[12] of 2$/)).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('dialog', { name: 'one.png' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await item(page, 'photos.zip').dblclick();
    const other = page.getByRole('dialog', { name: 'photos.zip' });
    await expect(other.getByText('“photos.zip” cannot be previewed. Download it to open it on your device.')).toBeVisible();
    const download = page.waitForEvent('download');
    await other.getByRole('button', { name: 'Download', exact: true }).last().click();
    expect((await download).suggestedFilename()).toBe('photos.zip');
  });

  test('renames through the context menu and says when the name is taken', async ({ page }) => {
    await signUp(page, 'Name Giver');
    await newFolder(page, 'Alpha');
    await newFolder(page, 'Beta');

    await item(page, 'Beta').click({ button: 'right' });
    await page.getByRole('menu', { name: 'Actions' }).getByRole('menuitem', { name: 'Rename' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename' });
    await dialog.getByLabel('New name').fill('Alpha');
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('There is already an item with this name here. Choose another name.');

    await dialog.getByLabel('New name').fill('Gamma');
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await expect(dialog).toBeHidden();
    await expect(item(page, 'Gamma')).toBeVisible();
    await expect(item(page, 'Beta')).toHaveCount(0);

    // From the keyboard: the menu key opens the same menu, and F2 renames straight away.
    await item(page, 'Gamma').click();
    await page.keyboard.press('Shift+F10');
    const menu = page.getByRole('menu', { name: 'Actions' });
    await expect(menu.getByRole('menuitem', { name: 'Open' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Rename' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(page.getByRole('listbox', { name: 'Files and folders' })).toBeFocused();
    await page.keyboard.press('F2');
    await expect(page.getByRole('dialog', { name: 'Rename' }).getByLabel('New name')).toHaveValue('Gamma');
  });

  test('sorts and switches views, and keeps both after a reload', async ({ page }) => {
    await signUp(page, 'Tidy Sorter');
    await upload(page, [
      { name: 'b.txt', mimeType: 'text/plain', buffer: Buffer.alloc(3000, 'b') },
      { name: 'a.txt', mimeType: 'text/plain', buffer: Buffer.alloc(10, 'a') },
      { name: 'c.txt', mimeType: 'text/plain', buffer: Buffer.alloc(200, 'c') },
    ]);
    await expect(uploads(page).getByText(/^Uploaded/)).toHaveCount(3);
    const names = listed(page);

    await page.getByRole('button', { name: /^Sort:/ }).click();
    await page.getByRole('menuitemradio', { name: 'Name, A to Z' }).click();
    await expect(page).toHaveURL(/\?order=name_asc$/);
    await expect(names).toHaveText([/^a\.txt/, /^b\.txt/, /^c\.txt/]);

    await page.getByRole('button', { name: /^Sort:/ }).click();
    await page.getByRole('menuitemradio', { name: 'Size, largest first' }).click();
    await expect(page).toHaveURL(/\?order=size_desc$/);
    await expect(names).toHaveText([/^b\.txt/, /^c\.txt/, /^a\.txt/]);

    await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' }).click();
    await expect(page.getByRole('button', { name: 'List', exact: true })).toHaveAttribute('aria-pressed', 'true');

    await page.reload();
    await expect(names).toHaveText([/^b\.txt/, /^c\.txt/, /^a\.txt/]);
    await expect(page.getByRole('button', { name: 'List', exact: true })).toHaveAttribute('aria-pressed', 'true');
    // Without ?order= the saved setting (SPEC §3.5) decides.
    await page.goto('/drive/all');
    await expect(names).toHaveText([/^b\.txt/, /^c\.txt/, /^a\.txt/]);
    await expect(page.getByRole('button', { name: 'Sort: Size, largest first' })).toBeVisible();
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem(`global${localStorage.getItem('pp_user_id')}`) ?? 'null'));
    expect(saved).toMatchObject({ orderType: 'SIZE_DESC', viewType: 'list', pinFoldersTop: true });
  });

  test('moves items to the trash, restores one, and deletes the rest for ever', async ({ page }) => {
    await signUp(page, 'Trash Keeper');
    for (const name of ['one', 'two', 'three']) await newFolder(page, name);

    await item(page, 'one').click();
    await page.keyboard.press('Delete');
    await expect(page.getByRole('status').getByText('“one” moved to the trash.')).toBeVisible();
    await expect(item(page, 'one')).toHaveCount(0);
    await item(page, 'two').click();
    await item(page, 'three').click({ modifiers: ['ControlOrMeta'] });
    await toolbar(page).getByRole('button', { name: 'Move to trash' }).click();
    await expect(page.getByText('Your drive is empty')).toBeVisible();

    await page.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'Trash' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeVisible();
    await expect(listed(page)).toHaveCount(3);
    await item(page, 'one').click();
    await toolbar(page).getByRole('button', { name: 'Restore' }).click();
    await expect(item(page, 'one')).toHaveCount(0);

    await item(page, 'two').click();
    await toolbar(page).getByRole('button', { name: 'Delete for ever' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete for ever' });
    await expect(confirm).toContainText('Delete “two” for ever?');
    await confirm.getByRole('button', { name: 'Delete for ever' }).click();
    await expect(item(page, 'two')).toHaveCount(0);

    await toolbar(page).getByRole('button', { name: 'Empty trash' }).click();
    await page.getByRole('dialog', { name: 'Empty trash' }).getByRole('button', { name: 'Empty trash' }).click();
    await expect(page.getByText('The trash is empty', { exact: true })).toBeVisible();

    await page.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'All files' }).click();
    await expect(listed(page)).toHaveText([/^one/]);
  });

  test('the quota bar follows an upload, the trash and deleting for ever', async ({ page }) => {
    await signUp(page, 'Space Watcher');
    const quota = page.getByRole('region', { name: 'Storage' });
    await expect(quota.getByText(/^0 B of [\d.]+ [KMGT]?B used$/)).toBeVisible();

    await upload(page, [{ name: 'megabyte.bin', mimeType: 'application/octet-stream', buffer: randomBytes(1024 * 1024) }]);
    await expect(quota.getByText(/^1\.00 MB of /)).toBeVisible();

    await item(page, 'megabyte.bin').click();
    await page.keyboard.press('Delete');
    await expect(quota.getByText('Including 1.00 MB in the trash')).toBeVisible();

    await page.goto('/drive/trash');
    await item(page, 'megabyte.bin').click();
    await page.keyboard.press('Delete');
    await page.getByRole('dialog', { name: 'Delete for ever' }).getByRole('button', { name: 'Delete for ever' }).click();
    await expect(quota.getByText(/^0 B of /)).toBeVisible();
    await expect(quota.getByText(/in the trash/)).toHaveCount(0);
  });
});
