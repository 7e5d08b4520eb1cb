// Reading and playing files in place: text shown as text (never as markup, and only its
// beginning when it is long), a PDF drawn page by page with PDF.js, a video played, and a video
// whose sound browsers cannot decode (E-AC-3) flagged. Fixtures in tests/fixtures were made with
// ffmpeg's test sources (3 s VP8/Opus WebM; 2 s H.264/E-AC-3 MP4).
import path from 'node:path';
import { openFile, signUp, upload, uploads } from './drive-helpers.ts';
import { expect, test } from './fixtures.ts';

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

  test('says when a video’s sound is E-AC-3, which browsers cannot play', async ({ page }) => {
    await signUp(page, 'Sound Checker');
    await upload(page, fixture('eac3.mp4'));
    await expect(uploads(page).getByText(/^Uploaded/)).toHaveCount(1);
    // The media facts are read by a task after the upload.
    const id = await page.evaluate(async () => (await fetch('/drive/v1/files').then((r) => r.json())).files[0].id as string);
    await expect
      .poll(
        async () => page.evaluate(async (fileId) => (await fetch(`/drive/v1/files/${fileId}`).then((r) => r.json())).medias?.[0]?.video?.audio_codec ?? '', id),
        { timeout: 20_000 },
      )
      .toMatch(/e-?ac-?3/i);
    await openFile(page, 'eac3.mp4');
    await expect(
      page.getByRole('dialog', { name: 'eac3.mp4' }).getByText('The sound of this video uses a format browsers cannot play, so it may play without sound.'),
    ).toBeVisible();
  });
});
