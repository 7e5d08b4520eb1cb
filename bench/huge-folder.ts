// A folder of 100,000 files opened in Debian's Chromium, in the drive and through a share: the time
// until its first rows show, then a steady scroll downwards for a while, loading page after page as
// it goes. Figures: the most rows ever in the page and the worst and p95 frame while scrolling
// (goal: no frame over 50 ms), beside the floor: the same scroll on a plain page of the same height.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { loadConfig } from '../server/config.ts';
import { startServer } from '../server/server.ts';
import { createTestDatabase, TEST_LIMITS } from '../server/testing/harness.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/chromium.ts';
import { fillFolder } from './big-folder.ts';
import type { Table } from './table.ts';

const FILES = Number(process.env.BENCH_FOLDER_FILES ?? 100_000);
const SCROLL_SECONDS = Number(process.env.BENCH_SCROLL_SECONDS ?? 15);

type Scrolled = { firstRowsMs: number; mostRows: number; worstFrame: number; p95Frame: number; reached: number };

/** Records every frame's time from now on, and the most elements matching `rows` seen in a frame. */
async function watchFrames(page: Page, rows: string) {
  await page.evaluate((selector) => {
    const state = { frames: [] as number[], mostRows: 0 };
    (window as unknown as { benchFrames: typeof state }).benchFrames = state;
    let last = performance.now();
    const tick = (now: number) => {
      state.frames.push(now - last);
      last = now;
      state.mostRows = Math.max(state.mostRows, document.querySelectorAll(selector).length);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }, rows);
}

/** Scrolls with the wheel over `over` for SCROLL_SECONDS; answers the frames and the furthest row reached. */
async function scroll(page: Page, over: string, rows: string, position: string): Promise<Omit<Scrolled, 'firstRowsMs'>> {
  const box = await page.locator(over).first().boundingBox();
  if (!box) throw new Error(`nothing to scroll at ${over}`);
  await page.mouse.move(box.x + box.width / 2, box.y + Math.min(box.height / 2, 300));
  await watchFrames(page, rows);
  const until = Date.now() + SCROLL_SECONDS * 1000;
  while (Date.now() < until) {
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(16);
  }
  return page.evaluate(
    ([selector, attribute]) => {
      const { frames, mostRows } = (window as unknown as { benchFrames: { frames: number[]; mostRows: number } }).benchFrames;
      const sorted = frames.slice(1).sort((a, b) => a - b);
      const reached = Math.max(0, ...[...document.querySelectorAll(selector)].map((row) => Number(row.getAttribute(attribute))));
      return { mostRows, worstFrame: sorted.at(-1) ?? 0, p95Frame: sorted[Math.floor(sorted.length * 0.95)] ?? 0, reached };
    },
    [rows, position] as const,
  );
}

export async function benchHugeFolder(): Promise<Table> {
  const database = await createTestDatabase('sqlite');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nubo-bench-huge-'));
  const config = { ...loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' }), database: database.config };
  const server = await startServer(config, { logger: false, limits: TEST_LIMITS });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    // Signed up through the form, as a person does, so the session is the browser's.
    await page.goto(`${server.url}/auth?locale=en-US`);
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel('Name').fill('Huge');
    await page.getByLabel('E-mail address').fill('huge@example.org');
    await page.getByLabel('Password').fill('maple-stone-river-7');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/drive\/all$/);
    const owner = await page.evaluate(async () => {
      const call = (url: string, body?: unknown) =>
        fetch(url, body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).then((r) =>
          r.json(),
        );
      const user = await call('/v1/user/me');
      const folder = await call('/drive/v1/files', { kind: 'drive#folder', name: 'Huge folder' });
      const share = await call('/drive/v1/share', { file_ids: [folder.file.id] });
      return { userId: user.sub as string, folderId: folder.file.id as string, shareId: share.share_id as string };
    });
    await fillFolder(server.database.db, owner.userId, owner.folderId, FILES);

    const results: Record<string, Scrolled> = {};
    for (const [name, url, over, rows, position] of [
      ['drive', `/drive/all/${owner.folderId}`, '.file-scroller', '[role="option"]', 'aria-posinset'],
      ['share page', `/s/${owner.shareId}/${owner.folderId}`, '.share-files', '.share-file', 'aria-posinset'],
    ] as const) {
      const started = performance.now();
      await page.goto(`${server.url}${url}`);
      await page
        .locator(rows)
        .first()
        .waitFor()
        .catch(async (failure: unknown) => {
          await page.screenshot({ path: path.join(os.tmpdir(), 'nubo-bench-huge-folder.png') });
          throw failure;
        });
      const firstRowsMs = performance.now() - started;
      results[name] = { firstRowsMs, ...(await scroll(page, over, rows, position)) };
    }
    // The floor: the browser scrolling a plain page as tall as the list, with nothing to load or render.
    await page.setContent(`<div style="height:${FILES * 56}px;background:linear-gradient(#fff,#ccc)"></div>`);
    const floor = await scroll(page, 'div', 'div', 'data-none');

    const rowsFor = (name: string) => [
      [`${name}: first rows shown (ms)`, results[name]!.firstRowsMs.toFixed(0), '–'],
      [`${name}: most rows in the page while scrolling (reached row ${results[name]!.reached.toLocaleString('en-US')})`, String(results[name]!.mostRows), '–'],
      [`${name}: worst frame while scrolling (ms, goal ≤ 50)`, results[name]!.worstFrame.toFixed(1), floor.worstFrame.toFixed(1)],
      [`${name}: p95 frame while scrolling (ms)`, results[name]!.p95Frame.toFixed(1), floor.p95Frame.toFixed(1)],
    ];
    return {
      title: `A folder of ${FILES.toLocaleString('en-US')} files in Chromium, scrolled for ${SCROLL_SECONDS} s (floor: a plain page as tall)`,
      rows: [...rowsFor('drive'), ...rowsFor('share page')] as Table['rows'],
    };
  } finally {
    await browser.close();
    await server.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
