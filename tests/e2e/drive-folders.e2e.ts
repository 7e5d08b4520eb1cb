// Uploading a whole folder: the folder chooser sends a nested tree, which arrives with
// its folders and every file in its place, and a second upload of the same folder lands beside the
// first under the server's numbered name. (A folder chooser lists files only, so an empty folder
// comes along only when folders are dropped.)
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { item, listed, newFolder, signUp, toolbar, upload, uploads } from './drive-helpers.ts';
import { expect, test } from './fixtures.ts';

test('uploads a nested folder with its tree intact, and a second copy under a numbered name', async ({ page }) => {
  await signUp(page, 'Folder Mover');
  const root = path.join(mkdtempSync(path.join(os.tmpdir(), 'nubo-folder-')), 'Holiday');
  mkdirSync(path.join(root, 'Day 1', 'Beach'), { recursive: true });
  writeFileSync(path.join(root, 'plan.txt'), 'the plan\n');
  writeFileSync(path.join(root, 'Day 1', 'notes.txt'), 'day one\n');
  writeFileSync(path.join(root, 'Day 1', 'Beach', 'shell.txt'), 'a shell\n');

  const chooseFolder = async () => {
    const chooser = page.waitForEvent('filechooser');
    await toolbar(page).getByRole('button', { name: 'Upload folder' }).click();
    await (await chooser).setFiles(root);
  };
  await chooseFolder();
  await expect(uploads(page).getByText(/^Uploaded/)).toHaveCount(3);
  await expect(item(page, 'Holiday')).toBeVisible();

  await item(page, 'Holiday').dblclick();
  await expect(page.getByRole('heading', { level: 1, name: 'Holiday' })).toBeVisible();
  await expect(listed(page)).toHaveText([/Day 1/, /plan\.txt/]);
  await item(page, 'Day 1').dblclick();
  await expect(listed(page)).toHaveText([/Beach/, /notes\.txt/]);
  await item(page, 'Beach').dblclick();
  await expect(listed(page)).toHaveText([/shell\.txt/]);

  await page.getByRole('navigation', { name: 'Folder path' }).getByRole('link', { name: 'All files' }).click();
  await chooseFolder();
  await expect(item(page, 'Holiday (1)')).toBeVisible();
  await expect(uploads(page).getByText(/^Uploaded/)).toHaveCount(6);
});

test('moves and copies into a folder picked in the dialog, and cannot move a folder into itself', async ({ page }) => {
  await signUp(page, 'Tidy Mover');
  await newFolder(page, 'Archive');
  await upload(page, [{ name: 'old.txt', mimeType: 'text/plain', buffer: Buffer.from('old\n') }]);
  await expect(item(page, 'old.txt')).toBeVisible();

  await item(page, 'old.txt').click();
  await toolbar(page).getByRole('button', { name: 'Copy to…' }).click();
  const copying = page.getByRole('dialog', { name: 'Copy “old.txt”' });
  await copying.getByRole('button', { name: 'Archive' }).click();
  await copying.getByRole('button', { name: 'Copy here' }).click();
  await expect(page.getByText('“old.txt” copied to “Archive”.')).toBeVisible();

  await item(page, 'old.txt').click();
  await toolbar(page).getByRole('button', { name: 'Move to…' }).click();
  const moving = page.getByRole('dialog', { name: 'Move “old.txt”' });
  // Where it already is, moving changes nothing.
  await expect(moving.getByRole('button', { name: 'Move here' })).toBeDisabled();
  await moving.getByRole('button', { name: 'Archive' }).click();
  await moving.getByRole('button', { name: 'Move here' }).click();
  await expect(page.getByText('“old.txt” moved to “Archive”.')).toBeVisible();
  await expect(item(page, 'old.txt')).toHaveCount(0);

  await item(page, 'Archive').click();
  await toolbar(page).getByRole('button', { name: 'Move to…' }).click();
  await expect(page.getByRole('dialog', { name: 'Move “Archive”' }).getByRole('button', { name: 'Archive' })).toBeDisabled();
  await page.keyboard.press('Escape');

  await item(page, 'Archive').dblclick();
  // The copy went in first; the moved file met its name there and took the numbered one.
  await expect(listed(page)).toHaveCount(2);
  await expect(item(page, 'old.txt')).toBeVisible();
  await expect(item(page, 'old (1).txt')).toBeVisible();
});
