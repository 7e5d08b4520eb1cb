// What the drive's browser tests share: signing a new person up, and finding the toolbar, the
// listed items and the upload panel the way a person (or a screen reader) finds them.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
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
/** A listed item by its name, which starts the option's accessible name (the date and size follow, as shown). */
export const item = (page: Page, name: string) =>
  page
    .getByRole('listbox', { name: /^(Files and folders|Items in the trash|Search results)$/ })
    .getByRole('option', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|$)`) });
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

/** Calls the API from the signed-in page, as the app would. */
export const call = <T = Record<string, unknown>>(page: Page, method: string, url: string, body?: unknown) =>
  page.evaluate(
    async ([method, url, body]) => {
      const answer = await fetch(url as string, {
        method: method as string,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return answer.json();
    },
    [method, url, body] as const,
  ) as Promise<T>;

/** A folder made through the API, by its id. */
export async function folder(page: Page, name: string, parentId = '') {
  return (await call<{ file: { id: string } }>(page, 'POST', '/drive/v1/files', { kind: 'drive#folder', name, parent_id: parentId })).file.id;
}

/** A file uploaded through the API and tus, by its id. */
export async function file(page: Page, name: string, parentId: string, bytes: Buffer, mimeType = 'application/octet-stream') {
  const created = await call<{ file: { id: string; hash?: string }; resumable: { params: { url: string } } }>(page, 'POST', '/drive/v1/files', {
    kind: 'drive#file',
    name,
    parent_id: parentId,
    size: String(bytes.length),
    mime_type: mimeType,
  });
  await page.evaluate(
    async ([url, data]) => {
      await fetch(url, {
        method: 'PATCH',
        headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
        body: Uint8Array.from(atob(data), (c) => c.charCodeAt(0)),
      });
    },
    [created.resumable.params.url, bytes.toString('base64')] as const,
  );
  return created.file.id;
}

/**
 * Opens a share page and waits until its script has taken over the server's HTML (boot.tsx marks
 * the document): the files show at the first paint, their controls answer only from then on.
 */
export async function openShare(page: Page, address: string) {
  await page.goto(address);
  await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
}

/**
 * The operator role for the account of `email`, by the command an operator runs on the server
 * (`npm run nubo -- admin grant`), on the browser tests' server's data: ADMIN_EMAILS alone names
 * no one until the address is confirmed by mail, and that server sends none.
 */
export function grantOperatorRole(email: string) {
  const cli = path.resolve(import.meta.dirname, '../../server/cli.ts');
  execFileSync(process.execPath, [cli, 'admin', 'grant', email], { env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR }, stdio: 'pipe' });
}
