// Lighthouse in Debian's Chromium: its default run, a phone on a slow network with simulated
// throttling, the way the figures people quote for a page are measured.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/chromium.ts';

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;

/** A Chromium for Lighthouse to drive; `audit` runs Lighthouse on a URL in it, `close` ends it. */
export async function lighthouseBrowser() {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  return {
    async audit(url: string, categories: readonly string[]): Promise<Result['lhr']> {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...categories] });
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      return result.lhr;
    },
    /**
     * The median of `runs` runs by largest contentful paint: a simulated run scales the CPU time it
     * observed, so one run alone varies with what else the machine was doing (Lighthouse's advice).
     */
    async medianAudit(url: string, categories: readonly string[], runs: number): Promise<Result['lhr']> {
      const reports: Result['lhr'][] = [];
      for (let run = 0; run < runs; run++) reports.push(await this.audit(url, categories));
      const lcp = (report: Result['lhr']) => report.audits['largest-contentful-paint']?.numericValue ?? Number.POSITIVE_INFINITY;
      return reports.sort((a, b) => lcp(a) - lcp(b))[Math.floor(runs / 2)]!;
    },
    close: () => chrome.kill(),
  };
}
