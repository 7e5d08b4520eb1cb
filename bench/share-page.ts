// The share page: requests per second for GET /share of a 100-file share and for the
// server-rendered page /s/<id>, beside the /healthz floor of the same server; and, in Debian's
// Chromium against the built app, the JavaScript (gzip) that runs before the files show (goal ≤
// 70 KB: the server renders them, so the page is also loaded with every script refused and must
// still list all files) and the JavaScript it loads to take the page over (hydration),
// beside its floor: React and react-dom alone, which any page run by React loads; and Lighthouse's
// phone run (first and largest contentful paint, goal LCP ≤ 1.2 s) on a share of 30 files.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { Pool } from 'undici';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/chromium.ts';
import { lighthouseBrowser } from './lighthouse.ts';
import { bearerOf, startNubo } from './nubo-process.ts';
import type { Table } from './table.ts';

const FILES = 100;
/** The share Lighthouse opens, and how many of its runs the median is taken of. */
const LIGHTHOUSE_FILES = 30;
const LIGHTHOUSE_RUNS = 5;
const SECONDS = 5;
const IN_FLIGHT = 8;
/** Visitors at once on a viral link. */
const CROWD = 50;
const DIST = path.resolve(import.meta.dirname, '../dist');
const APP_DIR = path.join(DIST, 'drive-app');

/** The built file of the drive app's chunk named `name` (drive-app/vite.config.ts names React's). */
function chunkFile(name: string): string {
  const manifest = JSON.parse(readFileSync(path.join(APP_DIR, '.vite/manifest.json'), 'utf8')) as Record<string, { name?: string; file: string }>;
  const chunk = Object.values(manifest).find((entry) => entry.name === name);
  if (!chunk) throw new Error(`the drive app's build has no chunk named ${name}`);
  return chunk.file;
}

const gzipSize = (file: string) => gzipSync(readFileSync(path.join(APP_DIR, file))).length;

/**
 * Completed requests per second for `url`, with `inFlight` requests under way at once, and their
 * 99th percentile time in ms. Asked as a browser asks (brotli or gzip accepted), and read as a load
 * generator reads, without decompressing: the figure is the server's, not this process's inflating.
 */
async function load(url: string, inFlight = IN_FLIGHT): Promise<{ rate: number; p99: number }> {
  const until = performance.now() + SECONDS * 1000;
  const times: number[] = [];
  const client = new Pool(new URL(url).origin, { connections: inFlight });
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        const answer = await client.request({ method: 'GET', path: url.slice(new URL(url).origin.length), headers: { 'accept-encoding': 'br, gzip' } });
        await answer.body.dump({ limit: Number.POSITIVE_INFINITY });
        if (answer.statusCode !== 200) throw new Error(`${url} answered ${answer.statusCode}`);
        times.push(performance.now() - started);
      }
    }),
  );
  await client.close();
  times.sort((a, b) => a - b);
  return { rate: times.length / SECONDS, p99: times[Math.floor(times.length * 0.99)] ?? Number.NaN };
}
const requestsPerSecond = async (url: string) => (await load(url)).rate;

export async function benchSharePage(): Promise<Table> {
  const nubo = await startNubo('share');
  try {
    const auth = await bearerOf(nubo.url, 'sharer@example.org');
    const ids: string[] = [];
    for (let i = 0; i < FILES; i++) {
      const bytes = new TextEncoder().encode(`photo ${i}`);
      const created = await fetch(`${nubo.url}/drive/v1/files`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({ kind: 'drive#file', name: `IMG_${i}.jpg`, size: String(bytes.length) }),
      }).then((r) => r.json());
      await fetch(created.resumable.params.url, {
        method: 'PATCH',
        headers: { ...auth, 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
        body: bytes,
      });
      ids.push(created.file.id);
    }
    const share = await fetch(`${nubo.url}/drive/v1/share`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ file_ids: ids, title: 'Bench' }),
    }).then((r) => r.json());

    const viewUrl = `${nubo.url}/drive/v1/share?share_id=${share.share_id}`;
    const listed = await fetch(viewUrl).then((r) => r.json());
    if (listed.files.length !== FILES) throw new Error(`GET /share listed ${listed.files.length} files`);
    await requestsPerSecond(`${nubo.url}/healthz`);
    const floor = await requestsPerSecond(`${nubo.url}/healthz`);
    const shareRate = await requestsPerSecond(viewUrl);

    const pageUrl = `${nubo.url}/s/${share.share_id}?locale=en-US`;
    const pageRate = await requestsPerSecond(pageUrl);
    // A viral link: many visitors at once. Beside it, the same load on /healthz.
    const crowdFloor = await load(`${nubo.url}/healthz`, CROWD);
    const crowd = await load(pageUrl, CROWD);
    const views = await fetch(`${nubo.url}/drive/v1/share/list`, { headers: auth }).then((r) => r.json());
    // Every answer of GET /share and of the page counts one view: the cache must not lose any.
    const countedExpected = Math.round(1 + (shareRate + pageRate + crowd.rate) * SECONDS);
    const counted = Number(views.data.find((entry: { share_id: string }) => entry.share_id === share.share_id)?.view_count);

    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    let listedWithoutScript = 0;
    let beforeBytes = 0;
    let gzipBytes = 0;
    let scripts = 0;
    let reactBytes = 0;
    const reactFile = chunkFile('react');
    try {
      // Before any script: every script refused, the files must all be listed all the same.
      const bare = await browser.newPage();
      await bare.route(/\.js(\?|$)/, (route) => route.abort());
      await bare.goto(pageUrl);
      listedWithoutScript = await bare.getByRole('list', { name: 'Shared files' }).getByRole('listitem').count();
      if (listedWithoutScript !== FILES) throw new Error(`without script the share page listed ${listedWithoutScript} of ${FILES} files`);
      await bare.close();

      // A visit as it happens. What holds the first render back is render-blocking script: files
      // the browser marks so, and inline classic scripts (the theme's, a few hundred bytes). The
      // app's module scripts are deferred: they run after the server's HTML has shown the files.
      const page = await browser.newPage();
      const loaded: string[] = [];
      page.on('response', (response) => response.request().resourceType() === 'script' && loaded.push(new URL(response.url()).pathname));
      await page.goto(pageUrl, { waitUntil: 'networkidle' });
      const blocking = await page.evaluate(() => ({
        files: performance
          .getEntriesByType('resource')
          .filter(
            (entry) =>
              (entry as PerformanceResourceTiming & { renderBlockingStatus?: string }).renderBlockingStatus === 'blocking' &&
              new URL(entry.name).pathname.endsWith('.js'),
          )
          .map((entry) => new URL(entry.name).pathname),
        inline: [...document.scripts].filter((script) => !script.src && (script.type === '' || script.type === 'text/javascript')).map((script) => script.text),
      }));
      for (const pathname of blocking.files) beforeBytes += gzipSize(pathname.replace(/^\/app\//, ''));
      for (const text of blocking.inline) beforeBytes += gzipSync(text).length;
      for (const pathname of loaded) {
        const file = pathname.replace(/^\/app\//, '');
        const bytes = gzipSize(file);
        gzipBytes += bytes;
        scripts += 1;
        if (file === reactFile) reactBytes = bytes;
      }
      if (reactBytes === 0) throw new Error(`the share page did not load React's chunk ${reactFile}`);
    } finally {
      await browser.close();
    }

    // Lighthouse's phone (simulated slow network and CPU) on a share of 30 files, the size the
    // figures people quote were taken on.
    const smallShare = await fetch(`${nubo.url}/drive/v1/share`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ file_ids: ids.slice(0, LIGHTHOUSE_FILES), title: 'Bench, small' }),
    }).then((r) => r.json());
    const chrome = await lighthouseBrowser();
    let phone: Awaited<ReturnType<typeof chrome.audit>>;
    try {
      phone = await chrome.medianAudit(`${nubo.url}/s/${smallShare.share_id}?locale=en-US`, ['performance'], LIGHTHOUSE_RUNS);
    } finally {
      chrome.close();
    }
    const millis = (audit: string) => (phone.audits[audit]?.numericValue ?? Number.NaN).toFixed(0);

    return {
      title: `The share page (a share of ${FILES} files)`,
      floorLabel: 'floor',
      rows: [
        [`GET /share req/s, ${IN_FLIGHT} in flight, vs /healthz`, shareRate.toFixed(0), floor.toFixed(0)],
        [`GET /s/<id> (the page, rendered) req/s, vs /healthz`, pageRate.toFixed(0), floor.toFixed(0)],
        [`the page's rate as a share of GET /share's (goal ≥ 0.60)`, (pageRate / shareRate).toFixed(2), '1.00'],
        [`GET /s/<id> p99 ms at ${CROWD} in flight (${crowd.rate.toFixed(0)} req/s), vs /healthz`, crowd.p99.toFixed(1), crowdFloor.p99.toFixed(1)],
        [
          `Lighthouse (phone, simulated throttling; median of ${LIGHTHOUSE_RUNS}), ${LIGHTHOUSE_FILES} files: first contentful paint ms`,
          millis('first-contentful-paint'),
          '–',
        ],
        [`Lighthouse, ${LIGHTHOUSE_FILES} files: largest contentful paint ms (goal ≤ 1200)`, millis('largest-contentful-paint'), '1200'],
        [`Lighthouse, ${LIGHTHOUSE_FILES} files: performance score`, String(Math.round((phone.categories.performance?.score ?? Number.NaN) * 100)), '100'],
        [`views counted, vs pages and GET /share answered (${countedExpected} made)`, String(counted), String(countedExpected)],
        [
          `JS before the files show (render-blocking), KB gzip (goal ≤ 70; ${listedWithoutScript} of ${FILES} listed with every script refused)`,
          (beforeBytes / 1024).toFixed(2),
          '70.0',
        ],
        [`JS to take the page over, KB gzip, ${scripts} scripts, vs React + react-dom alone`, (gzipBytes / 1024).toFixed(1), (reactBytes / 1024).toFixed(1)],
      ],
    };
  } finally {
    nubo.stop();
  }
}
