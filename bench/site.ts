// The public site: how long `astro build` takes for the whole site, the JavaScript each page
// loads (gzip, every script counted, inline ones too; content pages may load 10 KB, pages with an
// island 70 KB), and Lighthouse's four scores for the pages people read most, in en-US and ja (goal 100 each).
// A page that is not built yet answers 404 and is reported as such.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/chromium.ts';
import { lighthouseBrowser } from './lighthouse.ts';
import { startNubo } from './nubo-process.ts';
import type { Table } from './table.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const CONTENT_JS_BUDGET_KB = 10;
/** A page with an interactive island (React) may load up to this. */
const ISLAND_JS_BUDGET_KB = 70;

/** Pages whose JavaScript is weighed, with their budget: 10 KB for content pages, 70 KB with an island. */
const JS_PAGES: Array<{ page: string; budgetKb?: number; status?: number; label?: string }> = [
  { page: '/' },
  { page: '/faq', budgetKb: CONTENT_JS_BUDGET_KB },
  { page: '/help-center/sharing/share-files', budgetKb: CONTENT_JS_BUDGET_KB },
  { page: '/policy/privacy-policy', budgetKb: CONTENT_JS_BUDGET_KB },
  { page: '/blog', budgetKb: CONTENT_JS_BUDGET_KB },
  // The basic layout with nothing of a page's own: what every content page carries at least.
  { page: '/no-such-page', budgetKb: CONTENT_JS_BUDGET_KB, status: 404, label: 'a not-found page (the basic layout alone)' },
  { page: '/url-checker', budgetKb: ISLAND_JS_BUDGET_KB, label: '/url-checker (a React island)' },
  { page: '/check-in', budgetKb: ISLAND_JS_BUDGET_KB, label: '/check-in (a React island)' },
];
const LIGHTHOUSE_PAGES = ['/', '/faq', '/help-center/sharing/share-files', '/policy/privacy-policy'];
const LIGHTHOUSE_LOCALES = ['en-US', 'ja'] as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** en-US at the unprefixed address (as linked and crawled), other locales under their prefix. */
const addressOf = (origin: string, locale: string, page: string) =>
  locale === 'en-US' ? `${origin}${page}` : `${origin}/${locale}${page === '/' ? '/' : page}`;

function buildSite(): { seconds: number; pages: number } {
  const began = performance.now();
  const built = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build', '--silent'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) throw new Error(`astro build failed (${built.status})`);
  const seconds = (performance.now() - began) / 1000;
  const pages = readdirSync(path.join(ROOT, 'dist/site'), { recursive: true }).filter((file) => String(file).endsWith('index.html')).length;
  return { seconds, pages };
}

/** Every script the page loads until the network is idle, each gzipped as a server would send it, plus its inline scripts. */
async function scriptWeight(page: Page, url: string): Promise<{ status: number; gzipBytes: number; scripts: number }> {
  const bodies: Array<Promise<Buffer>> = [];
  const onResponse = (response: import('@playwright/test').Response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.body());
  };
  page.on('response', onResponse);
  try {
    const answer = await page.goto(url, { waitUntil: 'networkidle' });
    const inline = await page.$$eval('script:not([src])', (scripts) => scripts.map((script) => script.textContent ?? '').filter((text) => text.trim() !== ''));
    let gzipBytes = 0;
    for (const body of await Promise.all(bodies)) gzipBytes += gzipSync(body).length;
    if (inline.length > 0) gzipBytes += gzipSync(inline.join('\n')).length;
    return { status: answer?.status() ?? 0, gzipBytes, scripts: bodies.length + inline.length };
  } finally {
    page.off('response', onResponse);
  }
}

export async function benchSite(): Promise<Table> {
  const build = buildSite();
  const nubo = await startNubo('site');
  const rows: Table['rows'] = [[`astro build, whole site (${build.pages} pages), s`, build.seconds.toFixed(1), '—']];
  try {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      const page = await (await browser.newContext({ locale: 'en-US' })).newPage();
      for (const { page: pagePath, budgetKb, status = 200, label: name = pagePath } of JS_PAGES) {
        const weight = await scriptWeight(page, addressOf(nubo.url, 'en-US', pagePath));
        const label = `JS on ${name}, KB gzip${budgetKb ? ` (budget ${budgetKb})` : ''}`;
        const budget = budgetKb ? budgetKb.toFixed(1) : '—';
        rows.push(
          weight.status === status
            ? [`${label}, ${weight.scripts} scripts`, (weight.gzipBytes / 1024).toFixed(1), budget]
            : [label, `${weight.status} (not built)`, budget],
        );
      }
    } finally {
      await browser.close();
    }

    const chrome = await lighthouseBrowser();
    try {
      for (const locale of LIGHTHOUSE_LOCALES) {
        for (const pagePath of LIGHTHOUSE_PAGES) {
          const url = addressOf(nubo.url, locale, pagePath);
          const label = `Lighthouse ${locale} ${pagePath}: perf/a11y/best/SEO`;
          const status = (await fetch(url, { headers: { 'Accept-Language': locale } })).status;
          if (status !== 200) {
            rows.push([label, `${status} (not built)`, '100/100/100/100']);
            continue;
          }
          const report = await chrome.audit(url, CATEGORIES);
          const categories = report.categories;
          const scores = CATEGORIES.map((name) => {
            const score = categories[name]?.score;
            return typeof score === 'number' ? String(Math.round(score * 100)) : '?';
          });
          rows.push([label, scores.join('/'), '100/100/100/100']);
          const failed = Object.values(report.audits).filter(
            (audit) => typeof audit.score === 'number' && audit.score < 1 && audit.scoreDisplayMode === 'binary',
          );
          if (failed.length > 0 && process.env.BENCH_VERBOSE) console.error(`${url}: ${failed.map((audit) => audit.id).join(', ')}`);
        }
      }
    } finally {
      chrome.close();
    }
  } finally {
    nubo.stop();
  }
  return { title: 'The public site (build, JavaScript per page, Lighthouse)', floorLabel: 'budget/goal', rows };
}
