// Offline downloads in a real browser: a link pasted in the drive is inspected, fetched by the
// server from a web server on loopback while the page follows it, and opened once in the drive;
// the site's URL checker sends a signed-out visitor to sign in and back, then saves the link.

import { type FileOrigin, startFileOrigin } from '../../server/testing/file-origin.ts';
import { startTorrentSwarm, type TorrentSwarm } from '../../server/testing/torrent-swarm.ts';
import { item, PASSWORD, signUp, toolbar } from './drive-helpers.ts';
import { expect, test } from './fixtures.ts';

let origin: FileOrigin;
let swarm: TorrentSwarm;
test.beforeAll(async () => {
  origin = await startFileOrigin('127.0.0.1');
  swarm = await startTorrentSwarm('127.0.0.1');
});
test.afterAll(async () => {
  await origin?.close();
  await swarm?.close();
});

const TEXT = 'Fetched by the server while you were away.\n';

test('a pasted link is inspected, followed while it downloads, and opened from the drive', async ({ page }) => {
  // Slow enough to be seen under way: 60 slices, one every 50 ms.
  const body = Buffer.from(TEXT.repeat(60));
  const file = origin.serve('/notes/away.txt', { body, contentType: 'text/plain', ranges: true, dripBytes: TEXT.length, dripMs: 50 });
  await signUp(page, 'Dora Download');

  await toolbar(page).getByRole('button', { name: 'New download' }).click();
  const dialog = page.getByRole('dialog', { name: 'New download' });
  await expect(dialog.getByText('Downloads started today: 0 of 100.')).toBeVisible();
  await dialog.getByLabel('Links').fill(`${file.url}\n\n${file.url}\nnot a link`);
  await dialog.getByRole('button', { name: 'Check links' }).click();
  await expect(dialog.getByText('away.txt', { exact: true })).toBeVisible();
  await expect(dialog.getByText(`${(file.size / 1024).toFixed(2)} KB`)).toBeVisible();
  await expect(dialog.getByText("This kind of link can't be saved to the drive.", { exact: false })).toBeVisible();
  await dialog.getByLabel('Links').fill(file.url);
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(dialog).toBeHidden();

  await page
    .getByRole('navigation')
    .getByRole('link', { name: /^Downloads/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Downloads' })).toBeVisible();
  const download = page.getByRole('list', { name: 'Your downloads' }).getByRole('listitem').filter({ hasText: 'away.txt' });
  await expect(download.getByRole('progressbar')).toBeVisible();
  await expect(download.getByText('Done', { exact: true })).toBeVisible({ timeout: 15_000 });
  await download.getByRole('button', { name: 'Open' }).click();
  const preview = page.getByRole('dialog', { name: 'away.txt' });
  await expect(preview.getByLabel('away.txt', { exact: true })).toContainText('Fetched by the server while you were away.');
  await preview.getByRole('button', { name: 'Close' }).first().click();

  await page.getByRole('navigation').getByRole('link', { name: 'All files' }).click();
  await expect(item(page, 'away.txt')).toBeVisible();
  await toolbar(page).getByRole('button', { name: 'New download' }).click();
  await expect(page.getByRole('dialog', { name: 'New download' }).getByText('Downloads started today: 1 of 100.')).toBeVisible();
});

test('the URL checker sends a signed-out visitor to sign in and back to the link, shows what it holds and saves it', async ({ page }) => {
  const file = origin.serve('/reports/q4.pdf', { size: 8192, contentType: 'application/pdf' });
  await page.goto('/en-US/url-checker');
  await page.getByLabel('Link to check').fill(file.url);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await page.getByRole('link', { name: 'Sign in to save it' }).click();

  await expect(page).toHaveURL(/\/auth\?redirect=/);
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Name').fill('Vera Verify');
  await page.getByLabel('E-mail address').fill(`checker-${Date.now()}@example.com`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();

  // Back with the link, which is checked again at once.
  await expect(page).toHaveURL(/\/en-US\/url-checker\?url=/);
  await expect(page.getByLabel('Link to check')).toHaveValue(file.url);
  const inspected = page.locator('[data-part=inspected]');
  await expect(inspected).toContainText('q4.pdf');
  await expect(inspected).toContainText('8.00 KB');
  await page.getByRole('button', { name: 'Save to my drive' }).click();
  await expect(page.getByRole('status')).toHaveText('Saving has started. Follow it in your drive.');
  await page.getByRole('link', { name: 'See your downloads' }).click();
  const download = page.getByRole('list', { name: 'Your downloads' }).getByRole('listitem').filter({ hasText: 'q4.pdf' });
  await expect(download.getByText('Done', { exact: true })).toBeVisible({ timeout: 15_000 });
});

test('a .torrent chosen in the dialog lists its files, and only the ticked ones reach the drive, in their folders', async ({ page }) => {
  const seeded = await swarm.seed('Holiday', { 'beach.txt': Buffer.from('sand and sea'), 'raw/big.bin': 200_000, 'raw/notes.txt': Buffer.from('tide tables') });
  await signUp(page, 'Tom Torrent');
  await toolbar(page).getByRole('button', { name: 'New download' }).click();
  const dialog = page.getByRole('dialog', { name: 'New download' });
  await dialog.getByLabel('Or a .torrent file').setInputFiles({ name: 'holiday.torrent', mimeType: 'application/x-bittorrent', buffer: seeded.torrentFile });
  const files = dialog.getByRole('group', { name: 'Files in this torrent' });
  await expect(files.getByRole('checkbox')).toHaveCount(3);
  await files.getByRole('checkbox', { name: /raw\/big\.bin/ }).uncheck();
  await dialog.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(dialog).toBeHidden();

  await page
    .getByRole('navigation')
    .getByRole('link', { name: /^Downloads/ })
    .click();
  const download = page.getByRole('list', { name: 'Your downloads' }).getByRole('listitem').filter({ hasText: 'Holiday' });
  await expect(download.getByText('Done', { exact: true })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('navigation').getByRole('link', { name: 'All files' }).click();
  await expect(item(page, 'holiday.torrent')).toBeVisible();
  await item(page, 'Holiday').dblclick();
  await expect(item(page, 'beach.txt')).toBeVisible();
  await item(page, 'raw').dblclick();
  await expect(item(page, 'notes.txt')).toBeVisible();
  await expect(item(page, 'big.bin')).toHaveCount(0);
});
