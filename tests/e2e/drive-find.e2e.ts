// Finding things in the drive: the recent list says what happened to which file and opens
// it, and search finds a file in a nested folder by part of its name and opens it from the results.

import { item, newFolder, signUp, upload, uploads } from './drive-helpers.ts';
import { expect, test } from './fixtures.ts';

test.describe('finding files', () => {
  test('the recent list shows an upload and a rename, newest first, and opens the file', async ({ page }) => {
    await signUp(page, 'Recent Reader');
    await upload(page, [{ name: 'minutes.txt', mimeType: 'text/plain', buffer: Buffer.from('minutes of the meeting\n') }]);
    await expect(uploads(page).getByText(/^Uploaded/)).toHaveCount(1);
    await item(page, 'minutes.txt').click({ button: 'right' });
    await page.getByRole('menu', { name: 'Actions' }).getByRole('menuitem', { name: 'Rename' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename' });
    await dialog.getByLabel('New name').fill('minutes-final.txt');
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await expect(item(page, 'minutes-final.txt')).toBeVisible();

    await page.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'Recent' }).click();
    await expect(page).toHaveURL(/\/drive\/recent$/);
    const entries = page.getByRole('list', { name: 'Recent changes' }).getByRole('listitem');
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toContainText('Renamed');
    await expect(entries.nth(0)).toContainText('minutes-final.txt');
    await expect(entries.nth(1)).toContainText('Uploaded');
    // At the end of the list, how far back it reaches.
    await expect(page.getByText('Recent reaches back 90 days and keeps your latest 5,000 changes.')).toBeVisible();

    await entries.nth(0).getByRole('button').click();
    await expect(page.getByRole('dialog', { name: 'minutes-final.txt' })).toBeVisible();
  });

  test('search finds a file inside a nested folder by part of its name, and opens its folder from the results', async ({ page }) => {
    await signUp(page, 'Search Seeker');
    await newFolder(page, 'Archive');
    await item(page, 'Archive').dblclick();
    await newFolder(page, '2025');
    await item(page, '2025').dblclick();
    await upload(page, [
      { name: 'Quarterly Report.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 not really\n') },
      { name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not really a jpeg') },
    ]);
    await expect(item(page, 'Quarterly Report.pdf')).toBeVisible();

    const search = page.getByRole('search');
    await search.getByRole('searchbox', { name: 'Search your drive' }).fill('quarterly');
    await search.getByRole('searchbox', { name: 'Search your drive' }).press('Enter');
    await expect(page).toHaveURL(/\/drive\/search\?q=quarterly$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Results for “quarterly”' })).toBeVisible();
    await expect(item(page, 'Quarterly Report.pdf')).toBeVisible();
    await expect(item(page, 'holiday.jpg')).toHaveCount(0);
    // The text searched for stays in the box.
    await expect(search.getByRole('searchbox')).toHaveValue('quarterly');

    // A folder found opens as a folder; nothing found says so.
    await search.getByRole('searchbox').fill('2025');
    await search.getByRole('searchbox').press('Enter');
    await item(page, '2025').dblclick();
    await expect(page.getByRole('heading', { level: 1, name: '2025' })).toBeVisible();
    await search.getByRole('searchbox').fill('no such name');
    await search.getByRole('searchbox').press('Enter');
    await expect(page.getByText('Nothing found')).toBeVisible();
  });
});
