// The share page: a visitor opens /s/<id>, gives the passcode, browses, previews, and
// saves the share into their own drive — signing in on the way — and every state of a share
// (expired, cancelled, taken down, saved as often as allowed, unknown) has its own page.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { call, file, folder, grantOperatorRole, item, newFolder, openShare, PASSWORD, signUp, toolbar } from './drive-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** An owner with Trip/{Day 1/{photo.png, Beach/{shell.txt}}, plan.txt}, shared with `options`. */
async function sharedTrip(browser: Browser, options: Record<string, unknown> = {}) {
  const page = await (await browser.newContext()).newPage();
  await signUp(page, 'Trip Owner');
  const trip = await folder(page, 'Trip');
  const day = await folder(page, 'Day 1', trip);
  const beach = await folder(page, 'Beach', day);
  await file(page, 'photo.png', day, PIXEL, 'image/png');
  await file(page, 'shell.txt', beach, Buffer.from('a shell\n'), 'text/plain');
  // Content of its own, so taking it down touches this share only.
  await file(page, 'plan.txt', trip, Buffer.from(`the plan ${Math.random()}\n`), 'text/plain');
  const share = await call<{ share_id: string }>(page, 'POST', '/drive/v1/share', { file_ids: [trip], ...options });
  return { owner: page, shareId: share.share_id, trip };
}

const shared = (page: Page) => page.getByRole('list', { name: 'Shared files' });

/** The share a save waiting for a sign-in names, in this tab's storage and in the browser's. */
const pendingSave = (page: Page) =>
  page.evaluate(() => ({ tab: sessionStorage.getItem('pp_restore_continue'), browser: localStorage.getItem('pp_restore_continue') }));

test.describe('a shared link', () => {
  test('asks for the passcode, says when it is wrong, browses two levels down, previews, and saves the tree after signing in', async ({ browser, page }) => {
    const { shareId } = await sharedTrip(browser, { pass_code_option: 'REQUIRED', custom_pass_code: 'sea42' });

    await openShare(page, `/s/${shareId}?locale=en-US`);
    await expect(page.getByRole('heading', { level: 1, name: 'This share needs a passcode' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Passcode' }).fill('wrong1');
    await page.getByRole('button', { name: 'Open' }).click();
    await expect(page.getByText('That passcode is not right.', { exact: false })).toBeVisible();
    await page.getByRole('textbox', { name: 'Passcode' }).fill('sea42');
    await page.getByRole('button', { name: 'Open' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Trip' })).toBeVisible();
    await expect(page.getByText('Shared by T', { exact: false })).toBeVisible();
    await expect(page.getByText('No end date')).toBeVisible();
    await shared(page).getByRole('button', { name: 'Trip' }).click();
    await shared(page).getByRole('button', { name: 'Day 1' }).click();
    await expect(page).toHaveURL(new RegExp(`/s/${shareId}/[^/]+/[^/]+$`));
    await shared(page).getByRole('button', { name: 'Beach' }).click();
    await expect(shared(page).getByRole('button', { name: 'shell.txt', exact: true })).toBeVisible();
    const trail = page.getByRole('navigation', { name: 'Folder path' });
    await expect(trail.getByRole('listitem')).toHaveText(['Trip', 'Trip', 'Day 1', 'Beach']);
    await trail.getByRole('link', { name: 'Day 1' }).click();
    await shared(page).getByRole('button', { name: 'photo.png', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'photo.png' }).getByRole('img', { name: 'photo.png' })).toBeVisible();
    await page.keyboard.press('Escape');

    // The passcode token is kept in a cookie for this share: a reload needs no passcode.
    await trail.getByRole('link', { name: 'Trip' }).first().click();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Trip' })).toBeVisible();
    expect((await page.context().cookies()).some((cookie) => cookie.name === `nubo_share_passcode_token_${shareId}`)).toBe(true);

    // Saving while signed out: sign in first, then the save goes on by itself.
    await page.getByRole('button', { name: 'Save to my drive' }).click();
    await expect(page).toHaveURL(/\/auth\?redirect=/);
    // It carries the passcode token: it waits in this tab only, never in the browser's lasting storage.
    expect(await pendingSave(page)).toEqual({ tab: shareId, browser: null });
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel('Name').fill('Share Saver');
    await page.getByLabel('E-mail address').fill(`saver-${Date.now()}@example.com`);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(new RegExp(`/s/${shareId}$`));
    await expect(page.getByText('Saved to your drive.')).toBeVisible();
    await page.getByRole('link', { name: 'Open the saved files' }).click();
    await expect(item(page, 'Trip')).toHaveAttribute('aria-selected', 'true');
    await item(page, 'Trip').dblclick();
    await item(page, 'Day 1').dblclick();
    await expect(item(page, 'photo.png')).toBeVisible();
    await item(page, 'Beach').dblclick();
    await expect(item(page, 'shell.txt')).toBeVisible();
  });

  test('drops a save waiting for a sign-in when the one signed in signs out, so whoever signs in next does not get it', async ({ browser, page }) => {
    const { shareId } = await sharedTrip(browser);
    await signUp(page, 'Pat Signed In');
    // What a signed-out visitor's Save leaves in the tab, and what earlier versions left in local storage.
    await page.evaluate((id) => {
      const body = JSON.stringify({ body: { share_id: id }, until: Date.now() + 60_000 });
      sessionStorage.setItem('pp_restore_continue', id);
      sessionStorage.setItem('pp_restore_request_body', body);
      localStorage.setItem('pp_restore_continue', id);
      localStorage.setItem('pp_restore_request_body', JSON.stringify({ share_id: id }));
    }, shareId);
    expect(await pendingSave(page)).toEqual({ tab: shareId, browser: shareId });
    await page.getByRole('navigation').getByRole('link', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page).toHaveURL(/\/auth\?redirect=/);
    expect(await pendingSave(page)).toEqual({ tab: null, browser: null });
  });

  test('walks in and out of folders with Back and Forward, in place', async ({ browser, page }) => {
    const { shareId } = await sharedTrip(browser);
    await openShare(page, `/s/${shareId}?locale=en-US`);
    await shared(page).getByRole('button', { name: 'Trip' }).click();
    await shared(page).getByRole('button', { name: 'Day 1' }).click();
    await expect(shared(page).getByRole('button', { name: 'Beach' })).toBeVisible();
    // Set on this document: still there at the end means the page never reloaded.
    await page.evaluate(() => Object.assign(window, { walkedInPlace: true }));

    await page.goBack();
    await expect(shared(page).getByRole('button', { name: 'Day 1' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Folder path' }).getByRole('listitem')).toHaveText(['Trip', 'Trip']);
    await page.goBack();
    await expect(shared(page).getByRole('button', { name: 'Trip', exact: true })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/s/${shareId}\\?locale=en-US$`));
    await page.goForward();
    await expect(shared(page).getByRole('button', { name: 'Day 1' })).toBeVisible();
    expect(await page.evaluate(() => (window as { walkedInPlace?: boolean }).walkedInPlace)).toBe(true);
  });

  test('is rendered by the server: the passcode form, the files and a folder opened by its address work without script', async ({ browser }) => {
    const { shareId, trip } = await sharedTrip(browser, { pass_code_option: 'REQUIRED', custom_pass_code: 'sea42' });
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/s/${shareId}?locale=en-US`);
    await expect(page.getByRole('heading', { level: 1, name: 'This share needs a passcode' })).toBeVisible();
    // Without script the form reloads the page with ?s_code=, which the server tries.
    await page.getByRole('textbox', { name: 'Passcode' }).fill('sea42');
    await page.getByRole('textbox', { name: 'Passcode' }).press('Enter');
    await expect(page).toHaveURL(new RegExp(`/s/${shareId}\\?s_code=sea42$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Trip' })).toBeVisible();
    await expect(shared(page).getByRole('button', { name: 'Trip', exact: true })).toBeVisible();
    expect((await context.cookies()).some((cookie) => cookie.name === `nubo_share_passcode_token_${shareId}`)).toBe(true);

    // A folder's own address: listed, with its real name in the path (the address carries its id only).
    await page.goto(`/s/${shareId}/${trip}?locale=en-US`);
    await expect(shared(page).getByRole('button', { name: 'Day 1' })).toBeVisible();
    await expect(shared(page).getByRole('button', { name: 'plan.txt', exact: true })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Folder path' }).getByRole('listitem')).toHaveText(['Trip', 'Trip']);
    await expect(page).toHaveTitle('Trip · Nubo');
    await context.close();
  });

  test("takes the server's page over as it is: no second look-up, no hydration error, the visitor's theme", async ({ browser, page }) => {
    const { shareId } = await sharedTrip(browser);
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));
    page.on('console', (message) => message.type() === 'error' && failures.push(message.text()));
    const lookUps: string[] = [];
    page.on('request', (request) => new URL(request.url()).pathname === '/drive/v1/share' && lookUps.push(request.url()));
    await page.goto('/drive/login?locale=en-US');
    await page.evaluate(() => localStorage.setItem('pp_dark_mode', 'true'));

    await openShare(page, `/s/${shareId}?locale=en-US`);
    // The remembered theme is on from the first paint, and the toggle says so once the script runs.
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await expect(page.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'true');
    // Interactive: a folder opens in place, which only the page's script does.
    await shared(page).getByRole('button', { name: 'Trip', exact: true }).click();
    await expect(shared(page).getByRole('button', { name: 'Day 1' })).toBeVisible();
    // The share came with the page (its view counted there); opening a folder lists the folder only.
    expect(lookUps).toEqual([]);
    expect(failures).toEqual([]);
  });

  test('shows its own page for an expired, a cancelled, a taken-down, a used-up and an unknown share', async ({ browser, page }) => {
    // Four owners and a moderator sign up, four shares are made, and five pages visited: a long test.
    test.setTimeout(90_000);
    const expired = await sharedTrip(browser, { expiration_days: 1 });
    const db = new Database(path.join(process.env.E2E_DATA_DIR!, 'nubo.db'));
    db.prepare('UPDATE share SET expires_at = ? WHERE id = ?').run(Date.now() - 1000, expired.shareId);
    db.close();
    const cancelled = await sharedTrip(browser);
    await call(cancelled.owner, 'POST', '/drive/v1/share:batchDelete', { ids: [cancelled.shareId] });
    const takenDown = await sharedTrip(browser);
    const usedUp = await sharedTrip(browser, { restore_limit: 1 });

    // A moderator (made one by the server's command) takes the plan down.
    const moderator = await (await browser.newContext()).newPage();
    await moderator.goto('/auth?locale=en-US');
    await moderator.getByRole('button', { name: 'Create an account' }).click();
    await moderator.getByLabel('Name').fill('Moderator');
    await moderator.getByLabel('E-mail address').fill('moderator@e2e.example.com');
    await moderator.getByLabel('Password').fill(PASSWORD);
    await moderator.getByRole('button', { name: 'Create account' }).click();
    await expect(moderator).toHaveURL(/\/drive\/all$/);
    grantOperatorRole('moderator@e2e.example.com');
    const plan = (await call<{ files: Array<{ id: string; name: string }> }>(takenDown.owner, 'GET', `/drive/v1/files?parent_id=${takenDown.trip}`)).files.find(
      (f) => f.name === 'plan.txt',
    )!;
    const ownerId = (await call<{ sub: string }>(takenDown.owner, 'GET', '/v1/user/me')).sub;
    await call(moderator, 'POST', '/audit-admin/v1/share', { share_user_id: ownerId, file_ids: [plan.id] });

    // Someone saves the restore-limited share once.
    await call(moderator, 'POST', '/drive/v1/share/restore', { share_id: usedUp.shareId });

    const visit = async (shareId: string) => openShare(page, `/s/${shareId}?locale=en-US`);
    await visit(expired.shareId);
    await expect(page.getByRole('heading', { level: 1, name: 'This share has expired' })).toBeVisible();
    await visit(cancelled.shareId);
    await expect(page.getByRole('heading', { level: 1, name: 'This share is gone' })).toBeVisible();
    await visit(takenDown.shareId);
    await expect(page.getByRole('heading', { level: 1, name: 'This share was taken down' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Shared files' })).toHaveCount(0);
    await visit(usedUp.shareId);
    await expect(page.getByRole('heading', { level: 1, name: 'This share has been saved as often as allowed' })).toBeVisible();
    await visit('no-such-share-id');
    await expect(page.getByRole('heading', { level: 1, name: 'Share not found' })).toBeVisible();
  });

  test('the owner shares a folder with a passcode, copies the link, sees it counted in My shares, and cancels it', async ({ browser, page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signUp(page, 'Link Maker');
    await newFolder(page, 'Holiday photos');
    await item(page, 'Holiday photos').click();
    await toolbar(page).getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share' });
    await dialog.getByRole('radio', { name: 'My own passcode' }).check();
    await dialog.getByRole('textbox', { name: 'Your passcode' }).fill('ab');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await expect(dialog.getByText('4 to 10 letters or digits.').first()).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Your passcode' }).fill('sun2025');
    await dialog.getByLabel('Link works for').selectOption({ label: '30 days' });
    await dialog.getByRole('radio', { name: 'A set number of times' }).check();
    await dialog.getByRole('spinbutton', { name: 'Number of saves' }).fill('2');
    await dialog.getByRole('button', { name: 'Create link' }).click();

    const done = page.getByRole('dialog', { name: 'Link ready' });
    const link = await done.getByRole('textbox', { name: 'Link' }).inputValue();
    expect(link).toMatch(/\/s\/[a-z0-9]{20,}$/);
    await expect(done.getByRole('textbox', { name: 'Passcode' })).toHaveValue('sun2025');
    await done.getByRole('button', { name: 'Copy link and passcode' }).click();
    await expect(done.getByText('Copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${link} Passcode: sun2025`);
    await page.keyboard.press('Escape');
    await expect(done).toBeHidden();

    // A visitor opens it with the passcode: the owner's list counts the view.
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`${link}?s_code=sun2025&locale=en-US`);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Holiday photos' })).toBeVisible();

    await page.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'My shares' }).click();
    const entry = page.getByRole('list', { name: 'Your share links' }).getByRole('listitem').filter({ hasText: 'Holiday photos' });
    await expect(entry).toContainText('Active');
    await expect(entry).toContainText('Views: 1');
    await expect(entry).toContainText('Saves: 0');
    await expect(entry).toContainText('Passcode: sun2025');
    await entry.getByRole('button', { name: 'Cancel link “Holiday photos”' }).click();
    // A cancelled link leaves the list.
    await expect(entry).toHaveCount(0);
    await visitor.reload();
    await expect(visitor.getByRole('heading', { level: 1, name: 'This share is gone' })).toBeVisible();
  });

  test('shows a blocked visitor no content, and counts the block page only after opt-in and without the access flag', async ({ browser, page }) => {
    const { shareId } = await sharedTrip(browser);
    // The e2e server blocks ::1 (BLOCKED_NETWORKS in playwright.config.ts): this visitor comes from there.
    const blockedOrigin = new URL(test.info().project.use.baseURL!).origin.replace('127.0.0.1', '[::1]');
    const stats: string[] = [];
    page.on('request', (request) => request.url().endsWith('/v1/stats') && stats.push(request.postData() ?? ''));

    await page.goto(`${blockedOrigin}/drive/login?locale=en-US`);
    await page.evaluate(() => localStorage.setItem('allow_analysis', 'true'));
    await page.goto(`${blockedOrigin}/s/${shareId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Not available where you are' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Shared files' })).toHaveCount(0);
    await expect.poll(() => stats.length).toBe(1);
    expect(JSON.parse(stats[0]!)).toMatchObject({ event: 'block_page_show', data: { share_id: shareId, page_path: `/s/${shareId}` } });

    await page.evaluate(() => localStorage.setItem('pp_access_to_visit', 'true'));
    await page.reload();
    // The statistic would leave before the notice shows (both follow the same answer).
    await expect(page.getByRole('heading', { level: 1, name: 'Not available where you are' })).toBeVisible();
    expect(stats).toHaveLength(1);
  });

  test('lists a long share and a long folder of it page by page as the visitor scrolls, and saves that folder whole', async ({ browser, page }) => {
    // 101 shared items (one more than a page): 100 empty folders and Album, which holds 130 more.
    const owner = await (await browser.newContext()).newPage();
    await signUp(owner, 'Album Owner');
    const album = await folder(owner, 'Album');
    const made = await owner.evaluate(async (albumId) => {
      const make = async (name: string, parent_id: string) =>
        (
          await (
            await fetch('/drive/v1/files', {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ kind: 'drive#folder', name, parent_id }),
            })
          ).json()
        ).file.id as string;
      const loose: string[] = [];
      for (let n = 1; n <= 100; n++) loose.push(await make(`Loose ${String(n).padStart(3, '0')}`, ''));
      for (let n = 1; n <= 130; n++) await make(`Roll ${String(n).padStart(3, '0')}`, albumId);
      return loose;
    }, album);
    const { share_id: shareId } = await call<{ share_id: string }>(owner, 'POST', '/drive/v1/share', { file_ids: [...made, album], title: 'Holiday' });

    await signUp(page, 'Album Saver');
    await openShare(page, `/s/${shareId}`);
    const entries = shared(page).getByRole('listitem');
    // Only the rows in view are in the page; each says where it sits in the whole list (-1: more to come).
    await expect(entries.first()).toHaveAttribute('aria-setsize', '-1');
    expect(await entries.count()).toBeLessThan(40);
    await page.getByRole('button', { name: 'Show more files' }).scrollIntoViewIfNeeded();
    await expect(entries.last()).toHaveAttribute('aria-posinset', '101');
    await expect(entries.last()).toHaveAttribute('aria-setsize', '101');
    await expect(page.getByRole('button', { name: 'Show more files' })).toHaveCount(0);

    await shared(page).getByRole('button', { name: 'Album' }).click();
    // Newest first: the first page ends at Roll 031.
    await expect(shared(page).getByRole('button', { name: 'Roll 130' })).toBeVisible();
    await expect(entries.first()).toHaveAttribute('aria-posinset', '1');
    await expect(shared(page).getByRole('button', { name: 'Roll 001' })).toHaveCount(0);
    // Pressed rather than scrolled to: the keyboard's way to the next page.
    await page.getByRole('button', { name: 'Show more files' }).press('Enter');
    await expect(entries.first()).toHaveAttribute('aria-setsize', '130');
    await page.keyboard.press('End');
    await expect(shared(page).getByRole('button', { name: 'Roll 001' })).toBeVisible();
    await expect(entries.last()).toHaveAttribute('aria-posinset', '130');

    // Saving inside a folder saves that folder with everything in it, not the page of it shown.
    await page.getByRole('button', { name: 'Save to my drive' }).click();
    await expect(page.getByText('Saved to your drive.')).toBeVisible();
    await page.getByRole('link', { name: 'Open the saved files' }).click();
    await expect(item(page, 'Album')).toHaveAttribute('aria-selected', 'true');
    const savedAlbum = new URL(page.url()).searchParams.get('highlight');
    const saved = await call<{ files: { name: string }[] }>(page, 'GET', `/drive/v1/files?parent_id=${savedAlbum}&limit=500`);
    expect(saved.files.map((entry) => entry.name).sort()).toEqual(Array.from({ length: 130 }, (_, n) => `Roll ${String(n + 1).padStart(3, '0')}`));
  });

  test('keeps only the rows in view in the page of a long shared folder, as the visitor scrolls to its end or tabs through it', async ({ browser, page }) => {
    const owner = await (await browser.newContext()).newPage();
    await signUp(owner, 'Big Owner');
    const big = await folder(owner, 'Big');
    await owner.evaluate(async (bigId) => {
      const make = (n: number) =>
        fetch('/drive/v1/files', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ kind: 'drive#folder', name: `Item ${String(n).padStart(3, '0')}`, parent_id: bigId }),
        });
      for (let n = 1; n <= 320; n += 20) await Promise.all(Array.from({ length: 20 }, (_, i) => make(n + i)));
    }, big);
    const { share_id: shareId } = await call<{ share_id: string }>(owner, 'POST', '/drive/v1/share', { file_ids: [big] });

    await openShare(page, `/s/${shareId}/${big}?locale=en-US`);
    const entries = shared(page).getByRole('listitem');
    await expect(shared(page).getByRole('button', { name: 'Item 320' })).toBeVisible();
    // Scrolled to the end, page after page: never more than a screen's rows (and a few around) in the page.
    let mostInPage = 0;
    await expect
      .poll(
        async () => {
          await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
          mostInPage = Math.max(mostInPage, await entries.count());
          return entries.last().getAttribute('aria-posinset');
        },
        { timeout: 20_000 },
      )
      .toBe('320');
    expect(mostInPage).toBeLessThan(40);
    await expect(entries.last()).toHaveAttribute('aria-setsize', '320');
    await expect(shared(page).getByRole('button', { name: 'Item 001' })).toBeVisible();

    // From the keyboard: back at the top, tabbing row after row brings the next rows in.
    await page.evaluate(() => scrollTo(0, 0));
    await shared(page).getByRole('button', { name: 'Item 320' }).focus();
    // As a person tabs: each press lands on a row on screen before the next (the window follows the focus).
    for (let n = 0; n < 60; n++) {
      await page.keyboard.press('Tab');
      await expect(page.locator(':focus')).toBeInViewport();
    }
    // On a row well past those first put in the page (about 25), and on screen.
    const focused = Number((await page.locator(':focus').textContent())?.replace('Item ', ''));
    expect(focused).toBeLessThanOrEqual(265);
    await expect(page.locator(':focus')).toBeInViewport();
    expect(await entries.count()).toBeLessThan(40);
  });

  test('a visitor reports a share to the operator, with a reason and a note, from the keyboard', async ({ browser, page }) => {
    const { shareId } = await sharedTrip(browser);
    await openShare(page, `/s/${shareId}?locale=en-US`);
    await page.getByRole('button', { name: 'Report this share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this share' });
    await expect(dialog.getByRole('button', { name: 'Send the report' })).toBeDisabled();
    await expectAccessible(page, 'the report dialog');
    await dialog.getByRole('radio', { name: 'It is spam or a scam' }).check();
    await dialog.getByLabel('Anything the operator should know (optional)').fill('Asks for card numbers <b>now</b>');
    await dialog.getByRole('button', { name: 'Send the report' }).press('Enter');
    await expect(dialog.getByRole('status')).toHaveText("Thank you. Your report is in the operator's queue.");
    const db = new Database(path.join(process.env.E2E_DATA_DIR!, 'nubo.db'), { readonly: true });
    const reports = db.prepare('SELECT reason, note, status FROM share_report WHERE share_id = ?').all(shareId);
    db.close();
    expect(reports).toEqual([{ reason: 'spam', note: 'Asks for card numbers <b>now</b>', status: 'OPEN' }]);
  });

  test('a signed-in visitor saves a share into a folder they choose', async ({ browser, page }) => {
    const { shareId } = await sharedTrip(browser);
    await signUp(page, 'Folder Chooser');
    await newFolder(page, 'Inbox');
    await openShare(page, `/s/${shareId}`);
    await page.getByRole('button', { name: 'Save to…' }).click();
    const picker = page.getByRole('dialog', { name: 'Save to a folder' });
    // Without a folder chosen, the plain Save button is the way (into Saved shares).
    await expect(picker.getByRole('button', { name: 'Save here' })).toBeDisabled();
    await picker.getByRole('button', { name: 'Inbox' }).click();
    await picker.getByRole('button', { name: 'Save here' }).click();
    await expect(page.getByText('Saved to your drive.')).toBeVisible();
    await page.getByRole('link', { name: 'Open the saved files' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    await expect(item(page, 'Trip')).toHaveAttribute('aria-selected', 'true');
  });

  test('plays a shared HEVC film for a visitor who is not signed in, re-encoded as for its owner, after the passcode', async ({ browser, page }) => {
    const made = path.join(mkdtempSync(path.join(os.tmpdir(), 'nubo-e2e-shared-film-')), 'film.mkv');
    execFileSync('/usr/bin/ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=12:size=320x180:rate=25', '-f', 'lavfi', '-i', 'sine=duration=12'],
      ...['-c:v', 'libx265', '-x265-params', 'log-level=error', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'eac3', '-shortest', made],
    ]);
    const owner = await (await browser.newContext()).newPage();
    await signUp(owner, 'Film Sharer');
    const film = await file(owner, 'Holiday.mkv', '', readFileSync(made), 'video/x-matroska');
    const share = await call<{ share_id: string }>(owner, 'POST', '/drive/v1/share', { file_ids: [film], custom_pass_code: 'reel42' });

    await openShare(page, `/s/${share.share_id}?locale=en-US`);
    await page.getByRole('textbox', { name: 'Passcode' }).fill('reel42');
    await page.getByRole('button', { name: 'Open' }).click();
    await shared(page).getByRole('button', { name: 'Holiday.mkv', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Holiday.mkv' });
    await expect(dialog.getByText(/This browser cannot play this video as it is, so it is converted as it plays/)).toBeVisible({ timeout: 20_000 });
    const video = dialog.locator('video');
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 30_000 }).toBeGreaterThan(1);
    expect(await video.evaluate((element: HTMLVideoElement) => element.error)).toBeNull();
  });
});
