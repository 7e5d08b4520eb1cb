// Every kind of film and music people fetch plays in the drive: old and odd containers and codecs
// that no browser plays as it is (MPEG-4 Part 2 in an AVI, WMV, Flash video, a DVD's VOB), and
// music a browser plays as it is (FLAC) or not (WMA). Each is made here with ffmpeg's test sources,
// a few seconds long, uploaded, opened from the drive's list and played: its time advances and its
// picture is not a black box.
import type { Page } from '@playwright/test';
import { file, openFile, signUp } from './drive-helpers.ts';
import { expect, test } from './fixtures.ts';
import { ffmpegFixture, frameBrightness } from './media-helpers.ts';

const PICTURE = ['-f', 'lavfi', '-i', 'testsrc=duration=8:size=320x240:rate=25'];
const SOUND = ['-f', 'lavfi', '-i', 'sine=duration=8'];

/** The formats, each with the ffmpeg arguments that make it and its media type as a browser would send it. */
const FILMS = [
  { name: 'Home video.avi', type: 'video/x-msvideo', args: [...PICTURE, ...SOUND, '-c:v', 'mpeg4', '-c:a', 'libmp3lame', '-shortest'] },
  { name: 'Old clip.wmv', type: 'video/x-ms-wmv', args: [...PICTURE, ...SOUND, '-c:v', 'wmv2', '-c:a', 'wmav2', '-shortest'] },
  { name: 'Flash cartoon.flv', type: 'video/x-flv', args: [...PICTURE, ...SOUND, '-c:v', 'flv1', '-c:a', 'libmp3lame', '-ar', '44100', '-shortest'] },
  { name: 'VTS_01_1.VOB', type: 'video/dvd', args: [...PICTURE, ...SOUND, '-target', 'pal-dvd', '-s', '320x240', '-shortest', '-f', 'vob'] },
] as const;

const MUSIC = [
  { name: 'Lossless.flac', type: 'audio/flac', args: [...SOUND, '-c:a', 'flac'] },
  { name: 'Windows track.wma', type: 'audio/x-ms-wma', args: [...SOUND, '-c:a', 'wmav2'] },
] as const;

/** Where the file opened as `name` is playing; music re-encoded as it plays is played by a <video> (HLS), as it is by an <audio>. */
const timeOf = (page: Page, name: string) =>
  page
    .getByRole('dialog', { name })
    .locator('video, audio')
    .evaluate((media: HTMLMediaElement) => media.currentTime);

test.describe('films and music of every kind', () => {
  test('plays an MPEG-4 AVI, a WMV, an FLV and a DVD VOB, re-encoded as they play, with their pictures drawn', async ({ page }) => {
    test.setTimeout(180_000);
    await signUp(page, 'Format Fan');
    for (const film of FILMS) await file(page, film.name, '', ffmpegFixture(film.name, film.args), film.type);
    await page.reload();
    for (const film of FILMS) {
      await openFile(page, film.name);
      const dialog = page.getByRole('dialog', { name: film.name });
      await expect(dialog.getByText(/converted as it plays/)).toBeVisible({ timeout: 20_000 });
      await expect.poll(() => timeOf(page, film.name), { timeout: 30_000, message: film.name }).toBeGreaterThan(1);
      const coloured = await frameBrightness(dialog.locator('video'));
      expect(coloured, `${film.name}: the picture has colour`).toBeGreaterThan(30);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  });

  test('plays FLAC as it is and WMA with its sound re-encoded, shows a song’s tags and cover, and the folder’s tracks to choose from', async ({ page }) => {
    test.setTimeout(120_000);
    await signUp(page, 'Music Fan');
    for (const song of MUSIC) await file(page, song.name, '', ffmpegFixture(song.name, song.args), song.type);
    const tagged = ffmpegFixture('Tagged.mp3', [
      ...SOUND,
      ...['-f', 'lavfi', '-i', 'color=c=orange:s=64x64:d=1', '-map', '0', '-map', '1', '-c:a', 'libmp3lame', '-c:v', 'mjpeg', '-frames:v', '1'],
      ...[
        '-disposition:v:0',
        'attached_pic',
        '-id3v2_version',
        '3',
        '-metadata',
        'title=Evening Tone',
        '-metadata',
        'artist=Sine Quartet',
        '-metadata',
        'album=Test Signals',
      ],
    ]);
    await file(page, 'Tagged.mp3', '', tagged, 'audio/mpeg');
    await page.reload();
    for (const song of MUSIC) {
      await openFile(page, song.name);
      await expect.poll(() => timeOf(page, song.name), { timeout: 30_000, message: song.name }).toBeGreaterThan(1);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: song.name })).toBeHidden();
    }

    await openFile(page, 'Tagged.mp3');
    const dialog = page.getByRole('dialog', { name: 'Tagged.mp3' });
    await expect(dialog.getByText('Evening Tone')).toBeVisible();
    await expect(dialog.getByText('Sine Quartet · Test Signals')).toBeVisible();
    // The cover is made by the upload's task: it shows once made (the file opened again if it was not yet).
    await expect(async () => {
      await page.keyboard.press('Escape');
      await openFile(page, 'Tagged.mp3');
      expect(await dialog.locator('img.audio-cover').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    }).toPass({ timeout: 30_000 });
    const queue = dialog.getByRole('navigation', { name: 'Tracks in this folder' });
    await expect(queue.getByRole('button')).toHaveCount(3);
    await expect(queue.getByRole('button', { name: 'Tagged.mp3' })).toHaveAttribute('aria-current', 'true');
    await queue.getByRole('button', { name: 'Lossless.flac' }).click();
    // The dialog now shows the track chosen, and plays it.
    const chosen = page.getByRole('dialog', { name: 'Lossless.flac' }).getByRole('navigation', { name: 'Tracks in this folder' });
    await expect(chosen.getByRole('button', { name: 'Lossless.flac' })).toHaveAttribute('aria-current', 'true');
    await expect.poll(() => timeOf(page, 'Lossless.flac'), { timeout: 30_000 }).toBeGreaterThan(1);
  });
});
