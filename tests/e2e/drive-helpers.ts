// What the drive's browser tests share: signing a new person up, and finding the toolbar, the
// listed items and the upload panel the way a person (or a screen reader) finds them.
import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'violet harbour lamp 42';

let accounts = 0;
export async function signUp(page: Page, name: string) {
  accounts += 1;
  await page.goto('/auth?locale=en-US');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('E-mail address').fill(`drive-${Date.now()}-${accounts}@example.com`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  // The user's files are the signed-in home.
  await expect(page).toHaveURL(/\/drive\/all$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All files' })).toBeVisible();
}

export const toolbar = (page: Page) => page.getByRole('group', { name: 'File actions' });
/** The items of the folder, trash or search shown (the page's other options belong to the language menu). */
export const listed = (page: Page) => page.getByRole('listbox', { name: /^(Files and folders|Items in the trash|Search results)$/ }).getByRole('option');
export const item = (page: Page, name: string) =>
  page.getByRole('listbox', { name: /^(Files and folders|Items in the trash|Search results)$/ }).getByRole('option', { name, exact: true });
export const uploads = (page: Page) => page.getByRole('region', { name: 'Uploads' });

export async function newFolder(page: Page, name: string) {
  await toolbar(page).getByRole('button', { name: 'New folder' }).click();
  const dialog = page.getByRole('dialog', { name: 'New folder' });
  await dialog.getByLabel('Folder name').fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(item(page, name)).toBeVisible();
}

export type Upload = { name: string; mimeType: string; buffer: Buffer };

export async function upload(page: Page, files: Upload[] | string) {
  const chooser = page.waitForEvent('filechooser');
  await toolbar(page).getByRole('button', { name: 'Upload files' }).click();
  await (await chooser).setFiles(files);
}

/** Opens a listed file through the toolbar's Open, which shows once the file's bytes are all in. */
export async function openFile(page: Page, name: string) {
  await item(page, name).click();
  await toolbar(page).getByRole('button', { name: 'Open', exact: true }).click();
}
