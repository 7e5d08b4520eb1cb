// The site's index: written by the site's build, read by a start instead of walking the tree.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '#shared/content-security.ts';
import { readSiteIndex, SITE_INDEX_FILE, writeSiteIndex } from './site-index.ts';

describe('site index', () => {
  let distDir: string;
  const write = (relative: string, content: string) => {
    const file = path.join(distDir, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  };
  beforeEach(() => {
    distDir = mkdtempSync(path.join(os.tmpdir(), 'nubo-site-index-'));
  });
  afterEach(() => rmSync(distDir, { recursive: true, force: true }));

  it('lists the pages of each locale, the files at the root and the hashes of the inline scripts, as the build left them', async () => {
    write('site/en-US/index.html', '<script>theme()</script>home');
    write('site/en-US/help-center/sharing/index.html', 'sharing');
    write('site/ja/faq/index.html', '<script type="application/ld+json">{}</script>faq');
    write('site/errors/en-US/not-found/index.html', '<script>back()</script>');
    write('site/_astro/island.abc.js', '');
    write('site/scripts/vconsole.min.js', '');
    write('site/blog/rss.xml', '<rss/>');
    write('site/favicon.svg', '<svg/>');
    await writeSiteIndex(path.join(distDir, 'site'));

    const index = readSiteIndex(distDir);
    expect([...index.pages.get('en-US')!].sort()).toEqual(['/', '/help-center/sharing']);
    expect([...index.pages.get('ja')!]).toEqual(['/faq']);
    expect(index.pages.get('ko')!.size).toBe(0);
    expect([...index.rootFiles].sort()).toEqual(['/blog/rss.xml', '/favicon.svg']);
    expect(index.inlineScripts).toEqual([...inlineScriptHashes('<script>theme()</script><script>back()</script>')].sort());
  });

  it('stops a start whose site was built without its index, naming the remedy', () => {
    write('site/en-US/index.html', 'home');
    expect(() => readSiteIndex(distDir)).toThrow(new RegExp(`${SITE_INDEX_FILE}.*build again`));
    write(`site/${SITE_INDEX_FILE}`, JSON.stringify({ pages: {}, rootFiles: [], inlineScripts: ['unsafe-inline'] }));
    expect(() => readSiteIndex(distDir)).toThrow(/build again/);
  });

  it('serves no site when none was built', () => {
    const index = readSiteIndex(distDir);
    expect(index.rootFiles.size).toBe(0);
    expect(index.hasApp).toBe(false);
  });
});
