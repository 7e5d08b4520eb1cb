// The browser extension: how long the popup's link finder takes to list a page of 10,000 links
// (read in the page, then sorted by kind, as the popup does; goal ≤ 100 ms), beside reading the
// anchors' addresses alone; and the extension's JavaScript (gzip) beside the drive app's.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/chromium.ts';
import type { Table } from './table.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const LINKS = 10_000;
const RUNS = 15;
const GOAL_MS = 100;

/** A page of links as a busy release forum has them: magnets, torrents, files and a majority of plain pages. */
function pageOf(count: number): string {
  const links: string[] = [];
  for (let n = 0; n < count; n++) {
    const hash = n.toString(16).padStart(40, '0');
    const kind = n % 10;
    if (kind < 2) links.push(`<a href="magnet:?xt=urn:btih:${hash}&amp;dn=Release%20${n}&amp;tr=udp%3A%2F%2Ftracker.example%3A6969">Magnet ${n}</a>`);
    else if (kind < 4) links.push(`<a href="/torrents/release-${n}.torrent">Torrent ${n}</a>`);
    else if (kind < 7) links.push(`<a href="https://mirror${n % 7}.example/files/release-${n}.mkv?token=${hash.slice(0, 8)}">Mirror ${n}</a>`);
    else links.push(`<a href="/threads/${n}/">Thread ${n}</a>`);
  }
  return `<!doctype html><html><head><title>Releases</title></head><body><ul>${links.map((link) => `<li>${link}</li>`).join('')}</ul></body></html>`;
}

/** The link finder as one script for the page, exactly the module the popup uses. */
async function finderScript(): Promise<string> {
  const bundled = await build({
    entryPoints: [path.join(ROOT, 'extension/src/lib/link-finder.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'linkFinder',
    target: 'es2022',
    minify: true,
  });
  return bundled.outputFiles[0]!.text;
}

async function timeFinder(): Promise<{ finderMs: number; readMs: number; found: number }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.route('https://forum.example/releases', (route) => route.fulfill({ contentType: 'text/html', body: pageOf(LINKS) }));
    await page.goto('https://forum.example/releases');
    await page.addScriptTag({ content: await finderScript() });
    return await page.evaluate((runs) => {
      type Finder = { readPageLinks(): { url: string; text: string }[]; findLinks(frames: unknown[]): Record<string, unknown[]> };
      const finder = (globalThis as unknown as { linkFinder: Finder }).linkFinder;
      const finderTimes: number[] = [];
      const readTimes: number[] = [];
      let found = 0;
      for (let run = 0; run < runs; run++) {
        let began = performance.now();
        const links = finder.findLinks([finder.readPageLinks()]);
        finderTimes.push(performance.now() - began);
        found = Object.values(links).reduce((sum, group) => sum + group.length, 0);
        began = performance.now();
        const hrefs = Array.from(document.querySelectorAll('a[href]'), (anchor) => (anchor as HTMLAnchorElement).href);
        readTimes.push(performance.now() - began);
        if (hrefs.length === 0) throw new Error('no links read');
      }
      const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      return { finderMs: middle(finderTimes), readMs: middle(readTimes), found };
    }, RUNS);
  } finally {
    await browser.close();
  }
}

/** Every script of a build folder, each gzipped as a server sends it, in KB. */
function scriptsGzipKb(folder: string): number {
  const files = readdirSync(folder, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.js'));
  if (files.length === 0) throw new Error(`no scripts in ${folder}: run npm run build first`);
  return files.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(folder, file))).length, 0) / 1024;
}

export async function benchExtension(): Promise<Table> {
  const { finderMs, readMs, found } = await timeFinder();
  const extensionKb = scriptsGzipKb(path.join(ROOT, 'dist/extension/chromium-mv3'));
  const driveAppKb = scriptsGzipKb(path.join(ROOT, 'dist/drive-app/assets'));
  return {
    title: `Browser extension: the popup's link finder on a page of ${LINKS.toLocaleString('en-US')} links (median of ${RUNS}), and its JavaScript`,
    floorLabel: 'floor',
    rows: [
      [
        `time to list (${found.toLocaleString('en-US')} found; goal ≤ ${GOAL_MS} ms)`,
        `${finderMs.toFixed(1)} ms${finderMs <= GOAL_MS ? '' : ' (over the goal)'}`,
        `${readMs.toFixed(1)} ms reading the anchors alone`,
      ],
      ['JavaScript, gzip (every script of the Chromium build)', `${extensionKb.toFixed(1)} KB`, `${driveAppKb.toFixed(1)} KB the drive app's`],
    ],
  };
}
