// Subtitles in the drive's player, in Chromium: a SubRip track inside a film and a GBK subtitle
// file beside it shown as text when chosen from the captions menu, an ASS track drawn with its
// styles by JASSUB on its canvas over the video, and a PGS track's picture drawn by libpgs. The
// film is black, so whatever is bright over it is the subtitle.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { assOf, encoded, pgsSup, srtOf } from '../../server/media/subtitle-fixtures.ts';
import { file, openFile, signUp } from './drive-helpers.ts';
import { expect, test } from './fixtures.ts';

/** A black two-minute H.264 film in an MKV with an English SubRip track, an ASS track and a French PGS track, all shown from the start. */
function blackFilm(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nubo-e2e-subtitles-'));
  const file = (name: string, bytes: string | Buffer) => {
    writeFileSync(path.join(dir, name), bytes);
    return path.join(dir, name);
  };
  const film = path.join(dir, 'Film.mkv');
  const long = (line: string) => `1\n00:00:00,000 --> 00:02:00,000\n${line}\n`;
  execFileSync('/usr/bin/ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=black:size=640x360:duration=120:rate=5'],
    ...['-i', file('en.srt', long('Hello from the SubRip track')), '-i', file('styled.ass', assOf('{\\b1}STYLED', 120))],
    ...['-copyts', '-f', 'sup', '-i', file('box.sup', pgsSup({ width: 640, height: 360, box: 120, from: 0, to: 120 }))],
    ...['-map', '0', '-map', '1', '-map', '2', '-map', '3', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:s:0', 'srt', '-c:s:1', 'ass', '-c:s:2', 'copy'],
    ...['-metadata:s:s:0', 'language=eng', '-metadata:s:s:1', 'language=deu', '-metadata:s:s:2', 'language=fra', film],
  ]);
  return film;
}

/** Chooses `label` in the player's captions menu (opened again if the controls hid before it showed: the film plays on). */
async function chooseCaptions(dialog: Locator, label: string | RegExp) {
  const page = dialog.page();
  await expect(async () => {
    await dialog.hover();
    await dialog.getByRole('button', { name: 'Settings' }).click({ timeout: 2_000 });
    await page.getByRole('menuitem', { name: /^Captions/ }).click({ timeout: 2_000 });
    await page.getByRole('menuitemradio', { name: label }).click({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.keyboard.press('Escape');
}

/** How many pixels of `area` (as the page shows it now) are bright: over a black film, the subtitle's. */
async function brightPixels(page: Page, area: Locator): Promise<number> {
  const shot = (await area.screenshot()).toString('base64');
  return page.evaluate(async (png) => {
    const picture = new Image();
    picture.src = `data:image/png;base64,${png}`;
    await picture.decode();
    const canvas = document.createElement('canvas');
    canvas.width = picture.width;
    canvas.height = picture.height;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    context.drawImage(picture, 0, 0);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let bright = 0;
    for (let i = 0; i < data.length; i += 4) if ((data[i] as number) + (data[i + 1] as number) > 400) bright++;
    return bright;
  }, shot);
}

test.describe('subtitles in the player', () => {
  test('shows a SubRip track and a GBK subtitle file beside the film as text, and draws ASS with JASSUB and PGS with libpgs', async ({ page }) => {
    test.setTimeout(120_000);
    await signUp(page, 'Subtitle Reader');
    const film = blackFilm();
    await file(page, 'Film.mkv', '', readFileSync(film), 'video/x-matroska');
    await file(page, 'Film.zh-CN.srt', '', encoded(srtOf(['中文字幕，这是第一句话。']).replace('00:00:01,500', '00:02:00,000'), 'GBK'));
    await page.reload();
    await openFile(page, 'Film.mkv');
    const dialog = page.getByRole('dialog', { name: 'Film.mkv' });
    const video = dialog.locator('video');
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 30_000 }).toBeGreaterThan(0.5);

    await chooseCaptions(dialog, 'English');
    await expect(dialog.locator('.vds-captions')).toContainText('Hello from the SubRip track');

    await chooseCaptions(dialog, /Film\.zh-CN\.srt/);
    await expect(dialog.locator('.vds-captions')).toContainText('中文字幕，这是第一句话。');

    // ASS: drawn on JASSUB's canvas (bright yellow letters over the black film), its plain text hidden.
    await chooseCaptions(dialog, 'German');
    const styled = dialog.locator('canvas.JASSUB');
    await expect(styled).toBeVisible();
    await expect(dialog.locator('.vds-captions')).toBeHidden();
    await expect.poll(() => brightPixels(page, styled), { timeout: 20_000 }).toBeGreaterThan(200);

    // PGS: the white box drawn by libpgs on its own canvas, and JASSUB's gone with its track.
    await chooseCaptions(dialog, 'French');
    await expect(styled).toHaveCount(0);
    const pictures = dialog.locator('video ~ canvas');
    await expect(pictures).toHaveCount(1);
    await expect.poll(() => brightPixels(page, pictures), { timeout: 20_000 }).toBeGreaterThan(120 * 120 * 0.5);
  });
});
