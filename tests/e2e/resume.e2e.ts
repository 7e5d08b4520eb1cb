// Resuming and Continue watching in a real Chromium: a film played for some seconds and closed opens
// in a second browser of the same person where it was left; its tile shows the poster frame the
// server made, its length and how far it was watched; Recent offers it under Continue watching. The
// film is made here by ffmpeg from its test sources.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { call, file, item, openFile, PASSWORD, signUp, upload, uploads } from './drive-helpers.ts';
import { expect, test } from './fixtures.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'nubo-e2e-resume-'));
const FILM = 'Long walk.mp4';

/** An H.264/AAC MP4 of 20 s, which Chromium plays as it is. */
function film(): string {
  const file = path.join(dir, FILM);
  execFileSync('/usr/bin/ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=duration=20:size=320x180:rate=15', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=20'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '15', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file],
  ]);
  return file;
}

/** A 30 s H.264 film in an MKV with an English SubRip track shown throughout (Chromium plays it repackaged). */
function subtitledFilm(): Buffer {
  const srt = path.join(dir, 'en.srt');
  writeFileSync(srt, '1\n00:00:00,000 --> 00:00:30,000\nWords of the English track\n');
  const target = path.join(dir, 'Episode.mkv');
  execFileSync('/usr/bin/ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=duration=30:size=320x180:rate=10', '-i', srt],
    ...['-map', '0', '-map', '1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:s', 'srt', '-metadata:s:s:0', 'language=eng', target],
  ]);
  return readFileSync(target);
}

const currentTime = (dialog: Locator) => dialog.locator('video').evaluate((element: HTMLVideoElement) => element.currentTime);

async function signIn(page: Page, email: string) {
  await page.goto('/auth?locale=en-US');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/drive\/all$/);
}

test.describe('resume and continue watching', () => {
  test('a film left at some seconds resumes there in a second browser; its tile shows poster, length and progress; Recent offers it', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const email = `resume-${Date.now()}@example.com`;
    await page.goto('/auth?locale=en-US');
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel('Name').fill('Resume Person');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/drive\/all$/);

    await upload(page, film());
    await expect(uploads(page).getByText(/^Uploaded/)).toHaveCount(1, { timeout: 60_000 });
    // The poster frame is made by the upload's task a few seconds later: the tile shows it once made, without a reload.
    await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Grid' }).click();
    await expect(item(page, FILM).locator('img.media-poster')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' }).click();
    await openFile(page, FILM);
    const dialog = page.getByRole('dialog', { name: FILM });
    await expect.poll(() => currentTime(dialog), { timeout: 30_000 }).toBeGreaterThan(4);
    await dialog.locator('video').evaluate((element: HTMLVideoElement) => element.pause());
    const leftAt = await currentTime(dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // A second browser of the same person: a session of its own, the same account.
    const other = await browser.newContext();
    const elsewhere = await other.newPage();
    await signIn(elsewhere, email);

    // The tile: the poster frame made by the upload's task, the length, the part watched.
    await elsewhere.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Grid' }).click();
    const tile = item(elsewhere, FILM);
    await expect(tile.locator('img.media-poster')).toBeVisible();
    await expect.poll(() => tile.locator('img.media-poster').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    await expect(tile.locator('.media-duration')).toHaveText('0:20');
    const percent = Math.round((Math.min(leftAt, 20) / 20) * 100);
    await expect(tile.locator('.watch-progress')).toHaveAttribute('aria-valuenow', String(percent));
    // Heard after the name: its length and how much of it was watched.
    await expect(tile).toHaveAccessibleName(new RegExp(`^${FILM.replace('.', '\\.')} Length 0:20, ${percent}% watched`));

    // Recent: Continue watching names it with where it was left, and opens it there.
    await elsewhere.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'Recent' }).click();
    const row = elsewhere.getByRole('region', { name: 'Continue watching' });
    const entry = row.getByRole('button', { name: new RegExp(FILM) });
    await expect(entry).toContainText(`Stopped at 0:0${Math.floor(leftAt)} of 0:20`);
    await entry.click();
    const resumed = elsewhere.getByRole('dialog', { name: FILM });
    await expect.poll(() => currentTime(resumed), { timeout: 30_000 }).toBeGreaterThanOrEqual(leftAt - 0.5);
    expect(await currentTime(resumed)).toBeLessThan(leftAt + 10);
    await other.close();
  });

  test('a film opens with the subtitle language chosen last in its folder, where it was left; turning subtitles off is remembered', async ({ page }) => {
    test.setTimeout(120_000);
    await signUp(page, 'Subtitle Chooser');
    const id = await file(page, 'Episode.mkv', '', subtitledFilm(), 'video/x-matroska');
    // Chosen on another device: English subtitles, 12 s in.
    await call(page, 'PUT', `/drive/v1/files/${id}/watching`, { position: 12, duration: 30, subtitle_language: 'en' });
    await page.reload();
    await openFile(page, 'Episode.mkv');
    const dialog = page.getByRole('dialog', { name: 'Episode.mkv' });
    await expect.poll(() => currentTime(dialog), { timeout: 30_000 }).toBeGreaterThanOrEqual(12);
    await expect(dialog.locator('.vds-captions')).toContainText('Words of the English track');

    await expect(async () => {
      await dialog.hover();
      await dialog.getByRole('button', { name: 'Settings' }).click({ timeout: 2_000 });
      await page.getByRole('menuitem', { name: /^Captions/ }).click({ timeout: 2_000 });
      await page.getByRole('menuitemradio', { name: 'Off' }).click({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    await expect(dialog.locator('.vds-captions')).toBeHidden();
    // Closing the player saves where it is, with the choice.
    await expect(async () => {
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden({ timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    await expect.poll(async () => (await call<{ subtitle_language: string }>(page, 'GET', `/drive/v1/files/${id}/watching`)).subtitle_language).toBe('off');
  });
});
