// The drive's media player (Vidstack) in a real Chromium: it plays and draws the picture, its
// keyboard shortcuts, speed, quality and sound-track menus, chapters and preview pictures on the
// seek bar, the next file of the folder, and the events an embedding host receives. Every film is
// made here by ffmpeg from its test sources, a few seconds long and small.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { listed, signUp, toolbar, upload, uploads } from './drive-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { frameBrightness } from './media-helpers.ts';

// Each test makes its films, uploads them and plays them: two minutes each, for a busy machine.
test.describe.configure({ timeout: 120_000 });

const dir = mkdtempSync(path.join(os.tmpdir(), 'nubo-e2e-player-'));
/** A film made by ffmpeg in the test's folder, by its path. */
function film(name: string, args: string[]): string {
  const file = path.join(dir, name);
  execFileSync('/usr/bin/ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args, file]);
  return file;
}
const picture = (seconds: number, size = '320x180') => ['-f', 'lavfi', '-i', `testsrc2=duration=${seconds}:size=${size}:rate=15`];
const tone = (seconds: number, frequency: number) => ['-f', 'lavfi', '-i', `sine=frequency=${frequency}:duration=${seconds}`];

/** An H.264/AAC MP4 of 8 s with three chapters, which Chromium plays as it is. */
function chaptered(): string {
  const metadata = path.join(dir, 'chapters.txt');
  writeFileSync(
    metadata,
    [
      ';FFMETADATA1',
      ...['Opening', 'Middle', 'Ending'].flatMap((title, n) => [
        '[CHAPTER]',
        'TIMEBASE=1/1000',
        `START=${n * 3000}`,
        `END=${Math.min(8000, (n + 1) * 3000)}`,
        `title=${title}`,
      ]),
      '',
    ].join('\n'),
  );
  return film('Chaptered.mp4', [
    ...picture(8),
    ...tone(8, 440),
    ...['-f', 'ffmetadata', '-i', metadata, '-map', '0', '-map', '1', '-map_chapters', '2'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '15', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
  ]);
}

const video = (dialog: Locator) => dialog.locator('video');
const currentTime = (dialog: Locator) => video(dialog).evaluate((element: HTMLVideoElement) => element.currentTime);

/** The mean brightness of the frame shown: above 30, the picture is drawn, not a black box. */
const brightness = (dialog: Locator) => frameBrightness(video(dialog));

/** Opens a listed film (its tile may show its length before its name) and waits for it to play. */
async function openPlayer(page: Page, name: string): Promise<Locator> {
  // Listed as uploading until the folder hears all its bytes are in.
  await expect(listed(page).filter({ hasText: name })).not.toContainText('Uploading', { timeout: 20_000 });
  await listed(page).filter({ hasText: name }).click();
  await toolbar(page).getByRole('button', { name: 'Open', exact: true }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect.poll(() => currentTime(dialog), { timeout: 30_000 }).toBeGreaterThan(0.3);
  return dialog;
}

/** Opens the settings menu's submenu `name`. */
async function settingsMenu(page: Page, dialog: Locator, name: string) {
  await dialog.hover();
  await dialog.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: new RegExp(`^${name}`) }).click();
}

test.describe('the media player', () => {
  test('plays a film and draws it; space pauses, arrows seek; the speed menu changes the rate; chapters and preview pictures on the seek bar', async ({
    page,
  }) => {
    await signUp(page, 'Player Person');
    await upload(page, chaptered());
    await expect(uploads(page).getByText(/^Uploaded/)).toHaveCount(1);
    const dialog = await openPlayer(page, 'Chaptered.mp4');
    await expect.poll(() => brightness(dialog)).toBeGreaterThan(30);

    // The keyboard works as soon as the player is open: space pauses, the arrows seek.
    await page.keyboard.press('Space');
    await expect.poll(() => video(dialog).evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
    const before = await currentTime(dialog);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => currentTime(dialog)).toBeGreaterThan(before + 2);
    const ahead = await currentTime(dialog);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => currentTime(dialog)).toBeLessThan(ahead - 2);
    await page.keyboard.press('Space');
    await expect.poll(() => video(dialog).evaluate((element: HTMLVideoElement) => element.paused)).toBe(false);

    // The player meets WCAG 2 A/AA (its preview picture marked decorative).
    await expectAccessible(page, 'the player');

    // The three chapters split the seek bar; hovering it shows a preview picture from the server's sheet.
    await expect(dialog.locator('.vds-slider-chapter')).toHaveCount(3);
    const seekBar = dialog.getByRole('slider', { name: 'Seek' });
    const box = await seekBar.boundingBox();
    await page.mouse.move(box!.x + box!.width * 0.6, box!.y + box!.height / 2);
    const thumbnail = dialog.locator('.vds-thumbnail img');
    await expect(thumbnail).toHaveAttribute('src', /\/trickplay\/sheet-1\.jpg$/);
    await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(1600);
    await expect(dialog.getByText('Middle')).toBeVisible();

    // Speed: the settings menu's slider, one step up with the keyboard.
    await settingsMenu(page, dialog, 'Speed');
    const speed = page.getByRole('slider', { name: 'Speed' });
    await speed.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => video(dialog).evaluate((element: HTMLVideoElement) => element.playbackRate)).toBe(1.25);
  });

  test('a re-encoded film offers 480p, 720p and 1080p, and the one chosen is streamed and plays on; a seek to 80 % plays again', async ({ page }) => {
    const hevc = film('Film.mkv', [
      ...picture(12),
      ...tone(12, 440),
      '-c:v',
      'libx265',
      '-x265-params',
      'log-level=error',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
    ]);
    await signUp(page, 'Quality Person');
    await upload(page, hevc);
    await expect(uploads(page).getByText(/^Uploaded/)).toHaveCount(1);
    const dialog = await openPlayer(page, 'Film.mkv');
    await expect.poll(() => brightness(dialog)).toBeGreaterThan(30);

    await settingsMenu(page, dialog, 'Quality');
    const levels = page.getByRole('menuitemradio');
    await expect(levels).toHaveText(['480p', '720p', '1080p']);
    await expect(page.getByRole('menuitemradio', { name: '720p' })).toHaveAttribute('aria-checked', 'true');
    const at = await currentTime(dialog);
    const asked = page.waitForRequest((request) => request.url().endsWith('/playback') && request.postDataJSON()?.quality === 480);
    const streamed = page.waitForRequest(/\/h264-480\/index\.m3u8$/);
    await page.getByRole('menuitemradio', { name: '480p' }).click();
    await asked;
    await streamed;
    await expect.poll(() => video(dialog).evaluate((element: HTMLVideoElement) => element.videoHeight), { timeout: 60_000 }).toBe(180);
    // The 480-line stream plays on.
    await expect.poll(() => currentTime(dialog), { timeout: 60_000 }).toBeGreaterThan(at + 0.5);

    // A seek to 80 % plays on from there.
    await video(dialog).evaluate((element: HTMLVideoElement) => {
      element.currentTime = element.duration * 0.8;
    });
    await expect.poll(() => currentTime(dialog), { timeout: 30_000 }).toBeGreaterThan(10);
    expect(await video(dialog).evaluate((element: HTMLVideoElement) => element.error)).toBeNull();
  });

  test('switches the sound track: the menu names the languages, and French is streamed and plays on', async ({ page }) => {
    const dubbed = film('Dubbed.mkv', [
      ...picture(10),
      ...tone(10, 440),
      ...tone(10, 880),
      ...['-map', '0', '-map', '1', '-map', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '15', '-pix_fmt', 'yuv420p'],
      ...['-c:a:0', 'aac', '-c:a:1', 'eac3', '-metadata:s:a:0', 'language=eng', '-metadata:s:a:1', 'language=fra', '-shortest'],
    ]);
    await signUp(page, 'Sound Person');
    await upload(page, dubbed);
    await expect(uploads(page).getByText(/^Uploaded/)).toHaveCount(1);
    const dialog = await openPlayer(page, 'Dubbed.mkv');

    await settingsMenu(page, dialog, 'Audio');
    await expect(page.getByRole('menuitemradio')).toHaveText(['English', 'French']);
    const at = await currentTime(dialog);
    const answered = page.waitForResponse((response) => response.url().endsWith('/playback') && response.request().postDataJSON()?.audio_track === 2);
    const streamed = page.waitForRequest(/\/remux-aac-a2\/index\.m3u8$/);
    await page.getByRole('menuitemradio', { name: 'French' }).click();
    expect((await (await answered).json()).url).toMatch(/\/remux-aac-a2\/index\.m3u8$/);
    await streamed;
    await expect.poll(() => currentTime(dialog), { timeout: 30_000 }).toBeGreaterThan(at + 0.5);
    await dialog.hover();
    await dialog.getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByRole('menuitem', { name: /^Audio/ })).toContainText('French');
  });

  test('offers the next video of the folder when one ends, and the button under the player goes to it', async ({ page }) => {
    const short = (name: string, seconds: number) =>
      film(name, [...picture(seconds, '160x90'), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-an']);
    await signUp(page, 'Binge Person');
    await upload(
      page,
      ['1 First.mp4', '2 Second.mp4', '3 Third.mp4'].map((name) => ({ name, mimeType: 'video/mp4', buffer: readFileSync(short(name, 2)) })),
    );
    await expect(uploads(page).getByText(/^Uploaded/)).toHaveCount(3);
    // In the drive's order, as the folder lists them.
    const order = (await listed(page).allTextContents()).map((text) => /\d [A-Z][a-z]+\.mp4/.exec(text)?.[0] ?? '');
    expect([...order].sort()).toEqual(['1 First.mp4', '2 Second.mp4', '3 Third.mp4']);
    const first = await openPlayer(page, order[0]!);
    const offer = first.getByRole('dialog', { name: `Up next in this folder: “${order[1]}”` });
    await expect(offer).toBeVisible({ timeout: 20_000 });
    await offer.getByRole('button', { name: 'Play next' }).click();
    const second = page.getByRole('dialog', { name: order[1] });
    await expect.poll(() => currentTime(second), { timeout: 30_000 }).toBeGreaterThan(0.3);
    await second.getByRole('button', { name: `Next in this folder: “${order[2]}”` }).click();
    const third = page.getByRole('dialog', { name: order[2] });
    await expect.poll(() => currentTime(third), { timeout: 30_000 }).toBeGreaterThan(0.3);
    // The last has no next.
    await expect(third.getByRole('button', { name: /^Next in this folder/ })).toHaveCount(0);
  });
});

test.describe('inside a host page', () => {
  let stopHost: (() => Promise<void>) | undefined;
  test.afterEach(async () => {
    await stopHost?.();
    stopHost = undefined;
  });

  test('the host receives the player’s opening, freeze and closing, and may freeze it', async ({ page }) => {
    await signUp(page, 'Framed Watcher');
    await upload(page, chaptered());
    await expect(uploads(page).getByText(/^Uploaded/)).toHaveCount(1);
    const app = new URL(page.url()).origin;
    // The host page, at the origin EMBED_ORIGINS allows, frames the drive and keeps every message it receives.
    const host = `http://127.0.0.1:${process.env.E2E_EMBED_HOST_PORT}`;
    const server = http.createServer((_request, response) =>
      response.writeHead(200, { 'Content-Type': 'text/html' }).end(`<!doctype html><title>Host</title>
        <script>window.received = []; addEventListener('message', (e) => window.received.push({ origin: e.origin, data: e.data }));</script>
        <iframe id="drive" src="${app}/drive/all?origin=${encodeURIComponent(host)}" style="width:1100px;height:700px"></iframe>`),
    );
    await new Promise<void>((resolve) => server.listen(Number(new URL(host).port), '127.0.0.1', resolve));
    stopHost = () => new Promise((resolve) => server.close(() => resolve()));
    await page.goto(`${host}/host.html`);
    const frame = page.frameLocator('#drive');
    await frame.getByRole('option', { name: /Chaptered\.mp4/ }).click();
    await frame.getByRole('group', { name: 'File actions' }).getByRole('button', { name: 'Open', exact: true }).click();
    const dialog = frame.getByRole('dialog', { name: 'Chaptered.mp4' });
    await expect.poll(() => currentTime(dialog), { timeout: 30_000 }).toBeGreaterThan(0.3);

    type Received = { origin: string; data: { type: string; event: string; file_id: string; position: number; frozen?: boolean; reason?: string } };
    const events = () => page.evaluate(() => (window as unknown as { received: Received[] }).received.filter((message) => message.data?.type === 'nubo:event'));
    await expect.poll(async () => (await events()).map((message) => message.data.event)).toContain('player_mount_and_restore');
    const [opened] = await events();
    expect(opened).toMatchObject({ origin: app, data: { event: 'player_mount_and_restore', position: 0 } });
    expect(opened!.data.file_id).toMatch(/^\w+$/);

    // The host freezes the player: it pauses and stays paused, and the host hears it froze.
    await page.evaluate(
      (origin) => (document.getElementById('drive') as HTMLIFrameElement).contentWindow!.postMessage({ type: 'nubo:player', command: 'freeze' }, origin),
      app,
    );
    await expect.poll(() => video(dialog).evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
    await expect
      .poll(async () => (await events()).find((message) => message.data.event === 'set_video_freeze')?.data)
      .toMatchObject({ frozen: true, reason: 'host', file_id: opened!.data.file_id });
    await page.evaluate(
      (origin) => (document.getElementById('drive') as HTMLIFrameElement).contentWindow!.postMessage({ type: 'nubo:player', command: 'thaw' }, origin),
      app,
    );
    await expect.poll(() => video(dialog).evaluate((element: HTMLVideoElement) => element.paused)).toBe(false);

    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect
      .poll(async () => (await events()).find((message) => message.data.event === 'close_video_or_picture_player')?.data)
      .toMatchObject({ file_id: opened!.data.file_id });
    expect((await events()).every((message) => message.origin === app)).toBe(true);
  });
});

test.describe('inside the native app', () => {
  test('the app is told over its bridge when the player opens and closes', async ({ browser }) => {
    const context = await browser.newContext({ userAgent: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/156 Mobile NuboApp/3.1.0' });
    const page = await context.newPage();
    // The app's side of the bridge, as the test plays it: no one signed in to the app; every message kept.
    await page.addInitScript(() => {
      const w = window as unknown as { nativeLog: unknown[]; NuboNative: { postMessage(m: string): void }; nuboBridge?: { receive(a: unknown): void } };
      w.nativeLog = [];
      w.NuboNative = {
        postMessage(raw: string) {
          const message = JSON.parse(raw) as { id: string; type: string; payload: unknown };
          w.nativeLog.push({ type: message.type, payload: message.payload });
          const payload = message.type === 'getAppMetadata' ? { language: 'en-US' } : { signed_in: false };
          setTimeout(() => w.nuboBridge?.receive({ id: message.id, ok: true, payload }), 10);
        },
      };
    });
    await signUp(page, 'App Watcher');
    await upload(page, chaptered());
    await expect(uploads(page).getByText(/^Uploaded/)).toHaveCount(1);
    const dialog = await openPlayer(page, 'Chaptered.mp4');
    type Logged = { type: string; payload: { event?: string; file_id?: string; position?: number } };
    const reports = async () =>
      (await page.evaluate(() => (window as unknown as { nativeLog: Logged[] }).nativeLog)).filter(
        (m) => m.type === 'report' && m.payload.event !== 'page_view',
      );
    await expect.poll(async () => (await reports()).map((m) => m.payload.event)).toEqual(['player_mount_and_restore']);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect.poll(async () => (await reports()).map((m) => m.payload.event)).toEqual(['player_mount_and_restore', 'close_video_or_picture_player']);
    const [opened, closed] = await reports();
    expect(closed!.payload.file_id).toBe(opened!.payload.file_id);
    expect(closed!.payload.position).toBeGreaterThan(0);
    await context.close();
  });
});
