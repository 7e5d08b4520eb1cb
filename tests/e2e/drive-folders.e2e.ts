// Uploading a whole folder (issue 4): the folder chooser sends a nested tree, which arrives with
// its folders and every file in its place, and a second upload of the same folder lands beside the
// first under the server's numbered name. (A folder chooser lists files only, so an empty folder
// comes along only when folders are dropped.)
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { item, listed, signUp, toolbar, uploads } from './drive-helpers.ts';

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
