// Playing media (`npm run bench -- media`): in Debian's Chromium against the built drive app, how
// long after a file is opened its first frame shows — a direct MP4, an MKV whose E-AC-3 sound is
// re-encoded (remux), an HEVC 1080p film re-encoded to H.264 720p (several films, p50 and p95) —
// beside the floor of the same file in a bare <video> on the same download link, and ffmpeg alone
// making the first segment; how fast the 720p encode runs against real time; a seek to 80 % of a
// re-encoded film until it plays again; a subtitle shown after it is chosen; a second viewer of the
// same film (no encode: the segments are kept); and the server's RSS growth while one encode runs
// (ffmpeg is a process of its own and not counted).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/chromium.ts';
import { rssMiB, startNubo } from './nubo-process.ts';
import type { Table } from './table.ts';

/** Re-encoded films opened one after another, for the p50 and p95 of their first frame. */
const TRANSCODE_RUNS = Number(process.env.MEDIA_RUNS ?? 5);
const SECONDS = 30;
const PASSWORD = 'maple-stone-river-7';

const ffmpeg = (args: string[]) => execFileSync('/usr/bin/ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);

/** The films, made with ffmpeg's test sources: each HEVC one differs (its own test pattern offset), so none is another's cache hit. */
function makeFilms(dir: string) {
  const picture = (size: string, seed: number) => ['-f', 'lavfi', '-i', `testsrc2=duration=${SECONDS}:size=${size}:rate=25,hue=h=${seed * 40}`];
  const sound = ['-f', 'lavfi', '-i', `sine=duration=${SECONDS}:frequency=440`];
  const direct = path.join(dir, 'direct.mp4');
  ffmpeg([
    ...picture('1280x720', 0),
    ...sound,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-movflags',
    '+faststart',
    '-shortest',
    direct,
  ]);
  const remux = path.join(dir, 'remux.mkv');
  ffmpeg([...picture('1280x720', 1), ...sound, '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'eac3', '-shortest', remux]);
  const subtitles = path.join(dir, 'film.srt');
  writeFileSync(subtitles, '1\n00:00:00,000 --> 00:00:30,000\nA line that is shown\n');
  const hevc = Array.from({ length: TRANSCODE_RUNS + 1 }, (_, i) => {
    const out = path.join(dir, `hevc-${i}.mkv`);
    ffmpeg([
      ...picture('1920x1080', i + 2),
      ...sound,
      ...['-i', subtitles, '-map', '0:v', '-map', '1:a', '-map', '2:s'],
      ...[
        '-c:v',
        'libx265',
        '-preset',
        'ultrafast',
        '-x265-params',
        'log-level=error',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'eac3',
        '-c:s',
        'srt',
        '-t',
        String(SECONDS),
        out,
      ],
    ]);
    return out;
  });
  return { direct, remux, hevc };
}

/** Uploads a file through tus with the bearer `auth`, answering its id. */
async function uploadFile(url: string, auth: Record<string, string>, file: string): Promise<string> {
  const bytes = readFileSync(file);
  const created = await fetch(`${url}/drive/v1/files`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ kind: 'drive#file', name: path.basename(file), size: String(bytes.length) }),
  }).then((r) => r.json());
  const sent = await fetch(created.resumable.params.url, {
    method: 'PATCH',
    headers: { ...auth, 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    body: bytes,
  });
  if (sent.status !== 204) throw new Error(`upload of ${file} answered ${sent.status}`);
  return created.file.id;
}

/** In the page: ms from now until a <video> shows its first frame (requestVideoFrameCallback). */
function watchFirstFrame(page: Page) {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const started = performance.now();
        const seen = new WeakSet<HTMLVideoElement>();
        const look = () => {
          for (const video of document.querySelectorAll('video')) {
            if (seen.has(video)) continue;
            seen.add(video);
            video.requestVideoFrameCallback(() => resolve(performance.now() - started));
          }
        };
        new MutationObserver(look).observe(document.body, { childList: true, subtree: true });
        look();
        setTimeout(() => reject(new Error('no frame in 60 s')), 60_000);
      }),
  );
}

/** Opens `name` in the drive (double click on its row) and answers ms until its first frame. */
async function firstFrame(page: Page, name: string): Promise<number> {
  await page.goto('/drive/all');
  const row = page.getByRole('option', { name: new RegExp(`^${name.replace('.', '\\.')}`) });
  await row.waitFor();
  const frame = watchFirstFrame(page);
  await row.dblclick();
  const ms = await frame;
  return ms;
}

async function closePreview(page: Page) {
  await page.keyboard.press('Escape');
  await page.locator('video').waitFor({ state: 'detached' });
}

/** The floor: the same file's download link in a bare <video>, nothing else on the page. */
async function bareFirstFrame(browser: Browser, link: string): Promise<number> {
  const page = await browser.newPage();
  try {
    await page.setContent('<body></body>');
    const frame = watchFirstFrame(page);
    await page.evaluate((src) => {
      const video = document.createElement('video');
      video.muted = true;
      video.autoplay = true;
      video.src = src;
      document.body.append(video);
    }, link);
    return await frame;
  } finally {
    await page.close();
  }
}

/** ffmpeg's own encoders running now under `pid` (the server's children). */
const encodersOf = (pid: number) =>
  spawnSync('pgrep', ['-P', String(pid), 'ffmpeg'])
    .stdout.toString()
    .trim()
    .split('\n')
    .filter(Boolean).length;

async function waitForNoEncode(pid: number) {
  for (let i = 0; i < 600 && encodersOf(pid) > 0; i++) await new Promise((r) => setTimeout(r, 100));
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)] ?? Number.NaN;
const seconds = (ms: number) => (ms / 1000).toFixed(2);

export async function benchMedia(): Promise<Table> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nubo-bench-media-'));
  const films = makeFilms(dir);
  const nubo = await startNubo('media');
  const pid = nubo.child.pid!;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'] });
  try {
    const email = `viewer-${Date.now()}@example.org`;
    const signedUp = await fetch(`${nubo.url}/v1/auth/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, name: 'Viewer', client_id: 'nubo-desktop' }),
    }).then((r) => r.json());
    const auth = { Authorization: `Bearer ${signedUp.access_token}` };
    const ids = {
      direct: await uploadFile(nubo.url, auth, films.direct),
      remux: await uploadFile(nubo.url, auth, films.remux),
      hevc: await Promise.all(films.hevc.map((film) => uploadFile(nubo.url, auth, film))),
    };
    const context = await browser.newContext({ baseURL: nubo.url, locale: 'en-US' });
    const page = await context.newPage();
    if (process.env.MEDIA_DEBUG) page.on('response', (r) => r.url().includes('/streams/') && console.log(r.status(), r.url().split('/').slice(-2).join('/')));
    // Signed in as a person does, through the sign-in page.
    await page.goto('/auth?locale=en-US');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/drive\/all$/);
    const linkOf = async (id: string) => (await fetch(`${nubo.url}/drive/v1/files/${id}`, { headers: auth }).then((r) => r.json())).web_content_link as string;

    // Direct, then remux, each against the bare <video> on its download link.
    const direct = await firstFrame(page, 'direct.mp4');
    await closePreview(page);
    const directFloor = await bareFirstFrame(browser, await linkOf(ids.direct));
    const remux = await firstFrame(page, 'remux.mkv');
    await closePreview(page);
    await waitForNoEncode(pid);

    // Re-encoded films, each new to the server; the server's RSS sampled during the first.
    const rssBefore = rssMiB(pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMiB(pid))), 100);
    const transcodes: number[] = [];
    let seekMs = Number.NaN;
    /** Why the seek did not play again, if it did not: printed in its row, the other figures measured all the same. */
    let seekFailure = '';
    let subtitleMs = Number.NaN;
    for (let run = 0; run < TRANSCODE_RUNS; run++) {
      transcodes.push(await firstFrame(page, `hevc-${run}.mkv`));
      if (run === 0) {
        clearInterval(sampler);
        // A seek to 80 %, until a frame of there is shown.
        seekMs = await page
          .evaluate(
            () =>
              new Promise<number>((resolve, reject) => {
                const video = document.querySelector('video') as HTMLVideoElement;
                const started = performance.now();
                const target = video.duration * 0.8;
                const check = () => {
                  if (!video.seeking && video.readyState >= 2 && Math.abs(video.currentTime - target) < 5) {
                    video.requestVideoFrameCallback(() => resolve(performance.now() - started));
                  } else if (performance.now() - started > 60_000)
                    reject(
                      new Error(
                        `no frame at ${target} s in 60 s (at ${video.currentTime}, readyState ${video.readyState}, seeking ${video.seeking}, paused ${video.paused}, buffered ${[...Array(video.buffered.length).keys()].map((i) => `${video.buffered.start(i)}-${video.buffered.end(i)}`).join(' ')})`,
                      ),
                    );
                  else setTimeout(check, 20);
                };
                video.currentTime = target;
                setTimeout(check, 20);
              }),
          )
          .catch((failure: Error) => {
            seekFailure = failure.message;
            return Number.NaN;
          });
        // The film's subtitle, chosen: ms until its cue is the active one.
        subtitleMs = await page
          .evaluate(
            () =>
              new Promise<number>((resolve, reject) => {
                const video = document.querySelector('video') as HTMLVideoElement;
                const track = [...video.textTracks].find((t) => t.kind === 'subtitles' || t.kind === 'captions');
                if (!track) return reject(new Error('the film offers no subtitle'));
                const started = performance.now();
                const check = () => {
                  if (track.activeCues && track.activeCues.length > 0) resolve(performance.now() - started);
                  else requestAnimationFrame(check);
                };
                track.mode = 'showing';
                setTimeout(() => reject(new Error('no subtitle cue in 30 s')), 30_000);
                check();
              }),
          )
          .catch(() => Number.NaN);
      }
      await closePreview(page);
      await waitForNoEncode(pid);
    }

    // Encode speed: the server's 720p encode of a film nobody watched yet, every segment asked in turn.
    const plan = await page.evaluate(async (id) => {
      const answer = await fetch(`/drive/v1/files/${id}/playback`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ capabilities: { video: ['h264'], audio: ['aac'], containers: ['mp4'], hls: true } }),
      });
      return (await answer.json()) as { mode: string; url: string };
    }, ids.hevc[TRANSCODE_RUNS]!);
    if (plan.mode !== 'transcode') throw new Error(`the HEVC film was planned as ${plan.mode}`);
    /** Why the encode did not run to the film's end, if it did not. */
    let encodeFailure = '';
    let encodeSpeed = Number.NaN;
    try {
      const playlist = await fetch(plan.url).then((r) => r.text());
      const base = plan.url.slice(0, plan.url.lastIndexOf('/') + 1);
      const encodeStart = performance.now();
      for (const line of playlist.split('\n').filter((l) => l && !l.startsWith('#'))) {
        const segment = await fetch(base + line);
        if (!segment.ok) throw new Error(`segment ${line} answered ${segment.status}`);
        await segment.arrayBuffer();
      }
      encodeSpeed = SECONDS / ((performance.now() - encodeStart) / 1000);
    } catch (failure) {
      encodeFailure = (failure as Error).message;
    }
    await waitForNoEncode(pid);

    // ffmpeg alone: the first 4 s of 720p from the same kind of film, and its whole-film speed.
    const ffmpegStart = performance.now();
    ffmpeg([
      '-i',
      films.hevc[0]!,
      '-t',
      '4',
      '-vf',
      'scale=-2:720',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-c:a',
      'aac',
      '-f',
      'mp4',
      path.join(dir, 'floor.mp4'),
    ]);
    const ffmpegFirstSegment = performance.now() - ffmpegStart;
    const ffmpegWhole = performance.now();
    ffmpeg(['-i', films.hevc[1]!, '-vf', 'scale=-2:720', '-c:v', 'libx264', '-preset', 'veryfast', '-c:a', 'aac', '-f', 'mp4', path.join(dir, 'floor.mp4')]);
    const ffmpegSpeed = SECONDS / ((performance.now() - ffmpegWhole) / 1000);

    // A second viewer of the first re-encoded film: its segments are kept, no encoder starts.
    const encodesBefore = encodersOf(pid);
    let encodesSeen = 0;
    const counter = setInterval(() => (encodesSeen = Math.max(encodesSeen, encodersOf(pid) - encodesBefore)), 50);
    // Another page of its own (the same person's: the segments are kept per content, whoever watches).
    const secondPage = await context.newPage();
    const secondViewer = await firstFrame(secondPage, 'hevc-0.mkv');
    clearInterval(counter);
    await secondPage.close();

    return {
      title: `Playing media (Chromium on loopback; films of ${SECONDS} s)`,
      rows: [
        ['first frame, direct MP4, s (goal ≤ 1.0) vs a bare <video>', seconds(direct), seconds(directFloor)],
        ['first frame, MKV remux (H.264 + E-AC-3 → AAC), s (goal ≤ 1.5)', seconds(remux), '–'],
        [`first frame, HEVC 1080p → H.264 720p, p50 s (goal ≤ 4) vs ffmpeg alone making 4 s`, seconds(percentile(transcodes, 50)), seconds(ffmpegFirstSegment)],
        [`  p95 of ${TRANSCODE_RUNS} (goal ≤ 6)`, seconds(percentile(transcodes, 95)), '–'],
        [
          `encode speed, 720p veryfast, × real time (goal ≥ 1.5) vs ffmpeg alone${encodeFailure ? ` — failed: ${encodeFailure}` : ''}`,
          encodeSpeed.toFixed(2),
          ffmpegSpeed.toFixed(2),
        ],
        [`seek to 80 % in a re-encode, until its frame shows, s (goal ≤ 3)${seekFailure ? ` — failed: ${seekFailure}` : ''}`, seconds(seekMs), '–'],
        ['subtitle shown after choosing it, s (goal ≤ 0.5)', seconds(subtitleMs), '–'],
        [`second viewer, first frame s (goal ≤ 1), encoders started: ${encodesSeen}`, seconds(secondViewer), '–'],
        ['server RSS growth, MiB, one encode running (ffmpeg apart) (goal ≤ 30)', (rssPeak - rssBefore).toFixed(1), '–'],
      ],
    };
  } finally {
    await browser.close();
    nubo.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
