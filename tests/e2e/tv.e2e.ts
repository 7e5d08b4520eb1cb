// The drive on a TV: the TV page shows a code and a QR code, its person lets it in from a phone
// where they are signed in, and it then moves through Continue watching, recent videos and the
// drive's folders with the arrow keys, OK and Back only, plays a film (skipping ten seconds with
// Right), and offers it again in Continue watching where it was left.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { file, folder, signUp } from './drive-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

const TV = { viewport: { width: 1280, height: 720 }, locale: 'en-US' };

/** A 40-second H.264/AAC film made with ffmpeg's test sources, small enough to upload in a moment. */
function film(): Buffer {
  const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'nubo-e2e-tv-')), 'film.mp4');
  execFileSync('/usr/bin/ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=40:size=320x180:rate=15', '-f', 'lavfi', '-i', 'sine=duration=40'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart', '-shortest', out],
  ]);
  return readFileSync(out);
}

const videoTime = (tv: import('@playwright/test').Page) => tv.locator('.tv-player video').evaluate((element: HTMLVideoElement) => element.currentTime);

test('a TV signs in with a code let in on a phone, and plays a film reached with the arrows, OK and Back alone', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const tvContext = await browser.newContext(TV);
  const tv = await tvContext.newPage();
  try {
    await tv.goto('/tv?locale=en-US');
    await expect(tv.getByRole('heading', { level: 1, name: 'Sign in on your TV' })).toBeVisible();
    const code = (await tv.getByLabel('Your code').textContent())?.trim() ?? '';
    expect(code).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
    await expect(tv.getByRole('img', { name: 'QR code that opens the sign-in page with this code' })).toBeVisible();
    await expectAccessible(tv, 'the TV page, showing its code');

    // On the phone: signed in, with a film in a folder.
    await signUp(page, 'Sofa Viewer');
    const films = await folder(page, 'Films');
    await file(page, 'Big Buck.mp4', films, film(), 'video/mp4');
    await page.goto(`/auth/device?code=${code}`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Nubo on a TV’s browser asks to sign in to your account.')).toBeVisible();
    await page.getByRole('button', { name: 'Let it in' }).click();

    // The TV's next poll signs it in; its first tile (the latest video) has the focus.
    await expect(tv.getByRole('heading', { level: 1, name: 'Nubo on TV' })).toBeVisible({ timeout: 20_000 });
    await expect(tv.getByRole('region', { name: 'Recent videos' }).getByRole('button', { name: /Big Buck\.mp4/ })).toBeFocused();
    await expectAccessible(tv, 'the TV page, signed in');

    // Down to the drive's row, OK into Films, OK on the film.
    await tv.keyboard.press('ArrowDown');
    await expect(tv.getByRole('region', { name: 'Your drive' }).getByRole('button', { name: /Films/ })).toBeFocused();
    await tv.keyboard.press('Enter');
    await expect(tv.getByRole('heading', { level: 1, name: 'Films' })).toBeVisible();
    await expect(tv.getByRole('button', { name: /Big Buck\.mp4/ })).toBeFocused();
    await tv.keyboard.press('Enter');
    await expect.poll(() => videoTime(tv), { timeout: 30_000 }).toBeGreaterThan(1);

    // Right skips ten seconds; OK pauses.
    const before = await videoTime(tv);
    await tv.keyboard.press('ArrowRight');
    await expect.poll(() => videoTime(tv)).toBeGreaterThan(before + 9);
    await tv.keyboard.press('Enter');
    await expect.poll(() => tv.locator('.tv-player video').evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
    const left = await videoTime(tv);

    // Back closes the film, Back again goes up to the home screen, where the film waits in Continue watching.
    await tv.keyboard.press('Escape');
    await expect(tv.getByRole('heading', { level: 1, name: 'Films' })).toBeVisible();
    await tv.keyboard.press('Escape');
    await expect(tv.getByRole('heading', { level: 1, name: 'Nubo on TV' })).toBeVisible();
    const continuing = tv.getByRole('region', { name: 'Continue watching' }).getByRole('button', { name: /Big Buck\.mp4/ });
    await expect(continuing).toBeFocused();
    await expect(continuing.getByRole('progressbar', { name: 'Watched' })).toBeVisible();

    // Played again, it goes on from where it was left.
    await tv.keyboard.press('Enter');
    await expect.poll(() => videoTime(tv), { timeout: 30_000 }).toBeGreaterThan(left - 2);
  } finally {
    await tvContext.close();
  }
});
