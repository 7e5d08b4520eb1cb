// Reading and playing files in place: text shown as text (never as markup, and only its
// beginning when it is long), a PDF drawn page by page with PDF.js, a video played as it is, one
// whose sound browsers cannot decode (E-AC-3) and one whose picture Chromium cannot (HEVC) played
// through what the server makes for the browser. Fixtures in tests/fixtures were made with ffmpeg's
// test sources (3 s VP8/Opus WebM; 2 s H.264/E-AC-3 MP4); the HEVC film is made here.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openFile, signUp, upload, uploads } from './drive-helpers.ts';
import { expect, test } from './fixtures.ts';
import { frameBrightness } from './media-helpers.ts';

/** A valid PDF of `pages` pages, each saying "Page N", with its cross-reference table computed. */
function tinyPdf(pages: number): Buffer {
  const objects: string[] = [];
  const kids = Array.from({ length: pages }, (_, i) => `${3 + i * 2} 0 R`).join(' ');
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`);
  const fontId = 3 + pages * 2;
  for (let i = 0; i < pages; i++) {
    const stream = `BT /F1 36 Tf 72 700 Td (Page ${i + 1}) Tj ET`;
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${4 + i * 2} 0 R /Resources << /Font << /F1 ${fontId} 0 R >> >> >>`);
    objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  }
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

test.describe('reading files in place', () => {
  test('shows a text file as text, markup included as characters, and only the beginning of a long one', async ({ page }) => {
    await signUp(page, 'Text Reader');
    const long = Buffer.from(`${'line of a long log\n'.repeat(40_000)}THE END\n`);
    await upload(page, [
      {
        name: 'readme.md',
        mimeType: 'text/markdown',
        buffer: Buffer.from('# Title\n<b>not bold</b> <img src=x onerror="document.title=\'owned\'">\nnaïve café ✓\n'),
      },
      { name: 'server.log', mimeType: 'text/plain', buffer: long },
    ]);
    // A file opens once all its bytes are in (until then it is listed as uploading).
    await expect(uploads(page).getByText(/^Uploaded/)).toHaveCount(2);

    await openFile(page, 'readme.md');
    const dialog = page.getByRole('dialog', { name: 'readme.md' });
    await expect(dialog.getByLabel('readme.md', { exact: true })).toContainText('<b>not bold</b> <img src=x onerror=');
    await expect(dialog.getByLabel('readme.md', { exact: true })).toContainText('naïve café ✓');
    await expect(dialog.locator('img')).toHaveCount(0);
    expect(await page.title()).not.toBe('owned');
    await page.keyboard.press('Escape');

    await openFile(page, 'server.log');
    const log = page.getByRole('dialog', { name: 'server.log' });
    await expect(log.getByText(/^Showing the first 512 KB of 742\.\d+ KB\./)).toBeVisible();
    await expect(log.getByLabel('server.log', { exact: true })).toContainText('line of a long log');
    await expect(log.getByLabel('server.log', { exact: true })).not.toContainText('THE END');
  });

  test('draws a PDF page by page', async ({ page }) => {
    await signUp(page, 'Pdf Reader');
    await upload(page, [{ name: 'paper.pdf', mimeType: 'application/pdf', buffer: tinyPdf(3) }]);
    await expect(uploads(page).getByText(/^Uploaded/)).toHaveCount(1);
    await openFile(page, 'paper.pdf');
    const dialog = page.getByRole('dialog', { name: 'paper.pdf' });
    await expect(dialog.getByLabel('Page 1 of 3')).toBeVisible();
    // The canvas has been drawn on: some of its pixels are dark (the text), not all white.
    const inked = () =>
      dialog.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
        const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
        let dark = 0;
        for (let i = 0; i < data.length; i += 4) if (data[i]! < 128 && data[i + 3]! > 0) dark += 1;
        return dark;
      });
    await expect.poll(inked).toBeGreaterThan(100);
    await dialog.getByRole('button', { name: 'Next page' }).click();
    await expect(dialog.getByLabel('Page 2 of 3')).toBeVisible();
    await expect(dialog.getByRole('group', { name: 'Page controls' }).getByText('2 of 3')).toBeVisible();
    await dialog.getByRole('button', { name: 'Zoom in' }).click();
    await expect(dialog.getByText('125%')).toBeVisible();
    await page.keyboard.press('Escape');

    // A file that only claims to be a PDF says so and offers the download.
    await upload(page, [{ name: 'broken.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n') }]);
    await expect(uploads(page).getByText(/^Uploaded/)).toHaveCount(2);
    await openFile(page, 'broken.pdf');
    await expect(
      page.getByRole('dialog', { name: 'broken.pdf' }).getByText('“broken.pdf” cannot be shown in the browser. Download it to open it on your device.'),
    ).toBeVisible();
  });
});

test.describe('playing media', () => {
  const fixture = (name: string) => path.join(import.meta.dirname, '../fixtures', name);

  test('plays a video, streamed from its signed link', async ({ page }) => {
    await signUp(page, 'Video Watcher');
    await upload(page, fixture('clip.webm'));
    await expect(uploads(page).getByText(/^Uploaded/)).toHaveCount(1);
    await openFile(page, 'clip.webm');
    const video = page.getByRole('dialog', { name: 'clip.webm' }).locator('video');
    await expect(video).toBeVisible();
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(0.5);
    expect(await video.evaluate((element: HTMLVideoElement) => element.error)).toBeNull();
  });

  test('plays a video whose E-AC-3 sound browsers cannot play, the sound converted as it plays', async ({ page }) => {
    await signUp(page, 'Sound Checker');
    await upload(page, fixture('eac3.mp4'));
    await expect(uploads(page).getByText(/^Uploaded/)).toHaveCount(1);
    await openFile(page, 'eac3.mp4');
    const dialog = page.getByRole('dialog', { name: 'eac3.mp4' });
    await expect(dialog.getByText('This browser cannot play this sound as it is, so it is converted as it plays.')).toBeVisible();
    const video = dialog.locator('video');
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5);
    expect(await video.evaluate((element: HTMLVideoElement) => element.error)).toBeNull();
  });

  test('plays an HEVC film in an MKV, which Chromium cannot decode, re-encoded as it plays, and seeks in it', async ({ page }) => {
    const film = path.join(mkdtempSync(path.join(os.tmpdir(), 'nubo-e2e-media-')), 'Film (2026).mkv');
    execFileSync('/usr/bin/ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=20:size=640x360:rate=25', '-f', 'lavfi', '-i', 'sine=duration=20'],
      ...['-c:v', 'libx265', '-x265-params', 'log-level=error', '-pix_fmt', 'yuv420p', '-c:a', 'eac3', '-shortest', film],
    ]);
    await signUp(page, 'Film Watcher');
    await upload(page, film);
    await expect(uploads(page).getByText(/^Uploaded/)).toHaveCount(1);
    await openFile(page, 'Film (2026).mkv');
    const dialog = page.getByRole('dialog', { name: 'Film (2026).mkv' });
    await expect(dialog.getByText(/This browser cannot play this video as it is, so it is converted as it plays/)).toBeVisible();
    const video = dialog.locator('video');
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 30_000 }).toBeGreaterThan(1);
    // The picture is drawn, not a black box: a sample of the frame has colour in it.
    const coloured = await frameBrightness(video);
    expect(coloured).toBeGreaterThan(30);
    // A seek to 80 % plays on from there.
    await video.evaluate((element: HTMLVideoElement) => {
      element.currentTime = 16;
    });
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 30_000 }).toBeGreaterThan(16.5);
    expect(await video.evaluate((element: HTMLVideoElement) => element.error)).toBeNull();
  });
});
