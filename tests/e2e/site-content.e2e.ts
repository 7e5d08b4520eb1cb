// The public site's content: help centre, FAQ, policies and blog, built by Astro and
// served by the real server.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const articleTitle = (page: Page) => page.getByRole('heading', { level: 1 });

test.describe('help centre', () => {
  // The newest article, written in en-US and not yet translated: Japanese lacks it.
  test('shows an article a locale lacks in English, with a notice in the reader’s language', async ({ page }) => {
    expect(
      existsSync(path.resolve(import.meta.dirname, '../../content/help-center/ja/sharing/content-takedowns.md')),
      'this test needs an article that Japanese lacks; point it at an untranslated one',
    ).toBe(false);
    await page.goto('/ja/help-center/sharing/content-takedowns');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(articleTitle(page)).toHaveText('When shared content is taken down');
    await expect(articleTitle(page)).toHaveAttribute('lang', 'en-US');
    await expect(page.getByRole('note').filter({ hasText: 'この記事はまだ日本語に翻訳されていないため、英語で表示しています。' })).toBeVisible();
    // Links inside the article keep the reader in Japanese.
    await expect(page.locator('.content-body a', { hasText: 'Manage your share links' })).toHaveAttribute('href', '/ja/help-center/sharing/my-shares');
  });

  test('shows no fallback notice on the en-US article', async ({ page }) => {
    await page.goto('/en-US/help-center/sharing/share-files');
    await expect(articleTitle(page)).toHaveText('Share files with a link');
    await expect(page.locator('.fallback-notice')).toHaveCount(0);
  });

  test('sends a folder’s address to its first article, in the same locale', async ({ page }) => {
    const response = await page.goto('/es/help-center/sharing');
    expect(response?.status()).toBe(200);
    expect(response?.request().redirectedFrom()?.url()).toMatch(/\/es\/help-center\/sharing$/);
    await expect(page).toHaveURL(/\/es\/help-center\/sharing\/share-files$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(articleTitle(page)).toHaveText('Compartir archivos con un enlace');
  });

  test('finds articles by title with the search box, and says when nothing matches', async ({ page }) => {
    await page.goto('/en-US/help-center');
    const search = page.getByRole('searchbox', { name: 'Search help articles' });
    const folders = page.locator('.help-folders');
    await search.fill('passcode');
    await expect(folders.getByRole('link', { name: 'Passcodes, end dates and save limits' })).toBeVisible();
    await expect(folders.getByRole('link', { name: 'The trash' })).toBeHidden();
    await expect(folders.getByRole('heading', { name: 'Your files' })).toBeHidden();
    await search.fill('zzzz no such article');
    await expect(page.getByText('No article title matches your search.')).toBeVisible();
    await search.fill('');
    await expect(folders.getByRole('link', { name: 'The trash' })).toBeVisible();
    await expect(page.getByText('No article title matches your search.')).toBeHidden();
  });

  test('folds the article list behind a toggle on phones, and shows it open on wide screens', async ({ browser }) => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await phone.newPage();
    await page.goto('/en-US/help-center/files/trash');
    const nav = page.getByRole('navigation', { name: 'Help center articles' });
    await expect(nav.getByRole('link', { name: 'Storage space' })).toBeHidden();
    await page.getByText('Browse all articles').click();
    await expect(nav.getByRole('link', { name: 'Storage space' })).toBeVisible();
    await phone.close();

    const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const wide = await desktop.newPage();
    await wide.goto('/en-US/help-center/files/trash');
    await expect(wide.getByText('Browse all articles')).toBeHidden();
    await expect(wide.getByRole('navigation', { name: 'Help center articles' }).getByRole('link', { name: 'The trash' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await desktop.close();
  });
});

test.describe('policies', () => {
  test('serves an earlier dated version, marked as replaced, without what later versions added', async ({ page }) => {
    await page.goto('/en-US/policy/privacy-policy/2023-10-14');
    await expect(articleTitle(page)).toHaveText('Privacy policy');
    await expect(page.getByText('In effect since October 14, 2023')).toBeVisible();
    await expect(page.getByRole('note').filter({ hasText: 'This is an earlier version' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Cookies and browser storage' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Content checks and moderation' })).toHaveCount(0);

    const versions = page.getByRole('list', { name: 'Versions' });
    await expect(versions.getByRole('link')).toHaveText(['November 6, 2023', 'October 14, 2023', 'November 8, 2021']);
    await page.getByRole('link', { name: 'Read the current version' }).click();
    await expect(page).toHaveURL(/\/en-US\/policy\/privacy-policy$/);
    await expect(page.getByRole('heading', { name: 'Content checks and moderation' })).toBeVisible();
    await expect(page.getByText('This is an earlier version')).toHaveCount(0);
  });

  test('serves the single-version policies at the addresses of the spec', async ({ page }) => {
    for (const path of ['/policy/user-agreement/user-agreement', '/policy/copyright-Infringement/copyright-Infringement']) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(articleTitle(page)).toHaveText(/agreement|Copyright/);
    }
  });

  test('explains an update and links the version it announces and the one it replaced', async ({ page }) => {
    await page.goto('/en-US/policy/update/privacy-policy/2023-11-06');
    await expect(articleTitle(page)).toHaveText('Privacy policy update: content checks, network restrictions and apps');
    await expect(page.getByText('The new version applies from November 6, 2023.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Read the previous version' })).toHaveAttribute('href', '/en-US/policy/privacy-policy/2023-10-14');
    await page.getByRole('link', { name: 'Read the new version' }).click();
    await expect(page).toHaveURL(/\/en-US\/policy\/privacy-policy\/2023-11-06$/);
    await expect(page.getByText('In effect since November 6, 2023')).toBeVisible();
  });

  test('shows an untranslated policy in English with the notice', async ({ page }) => {
    await page.goto('/uk/policy/anti-abuse');
    await expect(articleTitle(page)).toHaveText('Anti-abuse policy');
    await expect(page.getByRole('note').filter({ hasText: 'Чинним є саме англійський текст.' })).toBeVisible();
  });
});

test.describe('FAQ', () => {
  test('moves an old #anchor to the question’s current one, on arrival and on a later hash change', async ({ page }) => {
    await page.goto('/en-US/faq#passcode');
    await expect(page).toHaveURL(/#lost-passcode$/);
    await expect(page.locator('#lost-passcode h2')).toBeInViewport();
    await page.evaluate(() => {
      location.hash = 'quota';
    });
    await expect(page).toHaveURL(/#storage-limit$/);
    await expect(page.locator('#storage-limit h2')).toBeInViewport();
  });

  test('leaves current anchors and unknown hashes alone', async ({ page }) => {
    await page.goto('/en-US/faq#run-my-own');
    await expect(page).toHaveURL(/#run-my-own$/);
    await page.goto('/en-US/faq#toString');
    await expect(page).toHaveURL(/#toString$/);
  });
});

test.describe('blog', () => {
  const posts = ['Self-hosting Nubo: from one process to many', 'A hundred thousand files, no waiting', 'How sharing works in Nubo', 'Introducing Nubo'];

  test('lists the posts newest first and announces its feed', async ({ page }) => {
    await page.goto('/en-US/blog');
    await expect(page.locator('.blog-posts h2')).toHaveText(posts);
    await expect(page.locator('link[rel=alternate][type="application/rss+xml"]')).toHaveAttribute('href', '/blog/rss.xml');
    await page.getByRole('link', { name: 'How sharing works in Nubo' }).click();
    await expect(articleTitle(page)).toHaveText('How sharing works in Nubo');
    await expect(page.getByText('Published July 14, 2026')).toBeVisible();
  });

  test('serves an RSS feed that parses as XML and lists every post', async ({ page, request }) => {
    const response = await request.get('/blog/rss.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/xml/);
    const feed = await response.text();
    await page.goto('/en-US/blog');
    const parsed = await page.evaluate((xml) => {
      const doc = new DOMParser().parseFromString(xml, 'application/xml');
      return {
        error: doc.querySelector('parsererror')?.textContent ?? null,
        root: doc.documentElement.nodeName,
        titles: [...doc.querySelectorAll('item > title')].map((title) => title.textContent),
        links: [...doc.querySelectorAll('item > link')].map((link) => new URL(link.textContent ?? '').pathname),
      };
    }, feed);
    expect(parsed.error).toBeNull();
    expect(parsed.root).toBe('rss');
    expect(parsed.titles).toEqual(posts);
    expect(parsed.links).toContain('/blog/introducing-nubo/');
  });
});

test.describe('JS budget', () => {
  // Readers of content pages get plain pages: at most 10 KB of JS (gzip) in all, inline scripts included.
  for (const path of [
    '/en-US/faq',
    '/en-US/help-center',
    '/ja/help-center/sharing/share-files',
    '/en-US/policy/privacy-policy',
    '/en-US/blog',
    '/en-US/blog/how-sharing-works',
  ]) {
    test(`${path} loads at most 10 KB of JS`, async ({ page }) => {
      const loaded: Promise<Buffer>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') loaded.push(response.body());
      });
      await page.goto(path, { waitUntil: 'networkidle' });
      const inline = await page.locator('script:not([src])').evaluateAll((scripts) => scripts.map((script) => script.textContent ?? ''));
      const bodies = [...(await Promise.all(loaded)), ...inline.map((text) => Buffer.from(text))];
      const gzipped = bodies.reduce((total, body) => total + gzipSync(body).length, 0);
      expect(gzipped).toBeGreaterThan(0);
      expect(gzipped).toBeLessThanOrEqual(10 * 1024);
    });
  }
});
