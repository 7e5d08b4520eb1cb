// The public site in Chromium against the real server: locale choice, the chrome of the basic
// layout, the not-found pages, the sitemap, the cookie tips, the language guide and the debug console.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { startNubo } from './second-server.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const messages = (locale: string): Record<string, string> => JSON.parse(readFileSync(path.join(ROOT, 'content/i18n', `${locale}.json`), 'utf8'));

/** Statistic events the page sends (POST /v1/stats), as { event, data }. */
function statEvents(page: Page): Array<{ event: string; data: Record<string, unknown> }> {
  const events: Array<{ event: string; data: Record<string, unknown> }> = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/v1/stats') events.push(JSON.parse(request.postData() ?? '{}'));
  });
  return events;
}

/** Five clicks, each well within 200 ms of the previous one, on the page's main heading. */
async function fiveQuickClicks(page: Page) {
  const box = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
  await page.mouse.click(box.x + 5, box.y + 5, { clickCount: 5, delay: 0 });
}

test.describe('public site', () => {
  test('serves the home page under a locale prefix in that language', async ({ page }) => {
    await page.goto('/es/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages('es')['site.home.title']!);
    await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/es\/$/);
  });

  test('serves the unprefixed home page in the Accept-Language locale, without redirecting', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'ja-JP' });
    const page = await context.newPage();
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(response?.request().redirectedFrom()).toBeNull();
    expect(response?.headers().vary).toContain('Accept-Language');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await context.close();
  });

  test('prefers the locale cookie to Accept-Language for an unprefixed page', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ locale: 'ja-JP' });
    await context.addCookies([{ name: 'nubo_locale', value: 'uk', url: baseURL! }]);
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages('uk')['site.home.title']!);
    await context.close();
  });

  test('switches language with ?locale= and remembers it in the locale cookie; ignores an unsupported code', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/?locale=ko');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await page.goto('/?locale=xx');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await page.goto('/?locale=zh-cn');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await context.close();
  });

  test('links the header and footer to the pages of the current locale', async ({ page }) => {
    await page.goto('/ja/');
    const ja = messages('ja');
    const nav = page.getByRole('navigation', { name: ja['site.chrome.nav.label'] });
    await expect(nav.getByRole('link', { name: ja['site.chrome.nav.faq'] })).toHaveAttribute('href', '/ja/faq');
    await expect(nav.getByRole('link', { name: ja['site.chrome.nav.helpCenter'] })).toHaveAttribute('href', '/ja/help-center');
    await expect(nav.getByRole('link', { name: ja['site.chrome.nav.drive'] })).toHaveAttribute('href', '/drive');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: ja['site.chrome.footer.privacyPolicy'] })).toHaveAttribute('href', '/ja/policy/privacy-policy');
    await expect(footer.getByRole('link', { name: ja['site.chrome.footer.copyright'] })).toHaveAttribute(
      'href',
      '/ja/policy/copyright-Infringement/copyright-Infringement',
    );
  });
});

test.describe('not-found pages', () => {
  test("answers an unknown page with 404 and the translated tip, in the prefix locale or the visitor's", async ({ browser }) => {
    const context = await browser.newContext({ locale: 'ja-JP' });
    const page = await context.newPage();
    for (const [address, locale] of [
      ['/es/no-such-page', 'es'],
      ['/no-such-page', 'ja'],
    ] as const) {
      const response = await page.goto(address);
      expect(response?.status(), address).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages(locale)['site.notFound.title']!);
      await expect(page.getByText(messages(locale)['site.notFound.tip']!)).toBeVisible();
    }
    await context.close();
  });

  test('shows "Page Not Found: {path}" under a page family, the path as text even when it holds markup', async ({ page }) => {
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    const response = await page.goto('/en-US/help-center/<script>alert(1)</script>');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found: /en-US/help-center/<script>alert(1)</script>');
    await expect(page).toHaveTitle('Page Not Found: /en-US/help-center/<script>alert(1)</script>');
    await expect(page.locator('main script')).toHaveCount(0);
    expect(dialogs).toBe(0);

    const spanish = await page.goto('/es/policy/unknown-policy');
    expect(spanish?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      messages('es')['site.notFound.invalidRoute']!.replace('{{path}}', '/es/policy/unknown-policy'),
    );
  });
});

test('lists pages in /sitemap.xml with hreflang alternates and x-default, never under /en-US/', async ({ request, baseURL }) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  const xml = await response.text();
  expect(xml).not.toContain('/en-US/');
  const home = xml.split('<url>').find((entry) => entry.startsWith(`<loc>${baseURL}/ja/</loc>`));
  expect(home).toContain(`hreflang="x-default" href="${baseURL}/"`);
  expect(home).toContain(`hreflang="en-US" href="${baseURL}/"`);
  expect(home).toContain(`hreflang="zh-TW" href="${baseURL}/zh-TW/"`);
  expect(xml).toContain(`<loc>${baseURL}/</loc>`);
  expect(xml).not.toContain('auth-success');
  expect(await (await request.get('/robots.txt')).text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test('keeps the dark-mode choice across pages, over the system preference', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'light' });
  const page = await context.newPage();
  await page.goto('/en-US/');
  const toggle = page.getByRole('button', { name: 'Dark mode' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  const lightBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.goto('/en-US/auth-success');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.goto('/es/');
  await expect(page.getByRole('button', { name: messages('es')['site.chrome.darkMode'] })).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(lightBackground);
  await context.close();
});

test('lands an anchor below the sticky header, and closes the header menus on a click elsewhere', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 500 });
  await page.goto('/en-US/#features-heading');
  const header = (await page.locator('.site-header').boundingBox())!;
  const heading = (await page.locator('#features-heading').boundingBox())!;
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  expect(heading.y).toBeGreaterThanOrEqual(header.y + header.height);
  expect(heading.y).toBeLessThan(header.y + header.height + 40);

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByText('Apps', { exact: true }).click();
  const mobileApp = nav.getByRole('link', { name: 'Mobile app' });
  await expect(mobileApp).toHaveAttribute('href', '/en-US/mobile-app');
  await expect(mobileApp).toBeVisible();
  await page.locator('main').click({ position: { x: 5, y: 5 } });
  await expect(mobileApp).toBeHidden();
});

test('opens the navigation as a sidebar on a 375 px phone', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await page.goto('/en-US/');
  const faq = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' });
  await expect(faq).toBeHidden();
  const menu = page.getByRole('button', { name: 'Open menu' });
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(faq).toBeVisible();
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(faq).toBeHidden();
  await menu.click();
  await expect(faq).toBeVisible();
  // A tap on the dimmed page beside the sidebar closes it.
  await page.mouse.click(360, 400);
  await expect(faq).toBeHidden();
  await menu.click();
  await expect(faq).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(faq).toBeHidden();
  await context.close();
});

test('shows the cookie tips until answered, and sends statistic events only after opt-in', async ({ page }) => {
  const events = statEvents(page);
  await page.goto('/en-US/');
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await expect(banner).toBeVisible();
  // Before opt-in nothing is sent, whatever the visitor does.
  await page.locator('[data-language-menu] summary').click();
  await page.locator('[data-language-menu]').getByRole('link', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.goto('/en-US/');
  expect(events).toEqual([]);

  const consentClick = page.waitForRequest((request) => new URL(request.url()).pathname === '/v1/stats');
  await banner.getByRole('button', { name: 'Allow usage statistics' }).click();
  await consentClick;
  await expect(banner).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('allow_analysis'))).toBe('true');
  expect(events).toEqual([{ module: 'web_yunpan_public_module', event: 'cookie_tips_click', data: { page_path: '/en-US/', allow_analysis: true } }]);

  // The language menu counts nothing: the spec's language event is the language guide's switch.
  await page.locator('[data-language-menu] summary').click();
  await page.locator('[data-language-menu]').getByRole('link', { name: '日本語' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.getByRole('region', { name: messages('ja')['cookies.banner.label'] })).toHaveCount(0);
  await expect(page.locator('#cookie-tips')).toBeHidden();
  expect(events.map(({ event }) => event)).toEqual(['cookie_tips_click']);
});

test.describe('language guide', () => {
  const ja = messages('ja');

  test('offers a Japanese browser the Japanese page, and counts the switch once statistics are allowed', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'ja-JP' });
    const page = await context.newPage();
    const events = statEvents(page);
    await page.goto('/en-US/faq');
    await page.evaluate(() => localStorage.setItem('allow_analysis', 'true'));
    await page.reload();
    // Offered in the browser's language, on the English page.
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    const guide = page.getByRole('region', { name: ja['site.languageGuide.label'] });
    await expect(guide).toBeVisible();
    await expect(guide).toHaveAttribute('lang', 'ja');
    await expect(guide).toContainText(ja['site.languageGuide.text']!);

    const switched = page.waitForRequest((request) => new URL(request.url()).pathname === '/v1/stats');
    await guide.getByRole('link', { name: ja['site.languageGuide.switch'] }).click();
    await switched;
    await expect(page).toHaveURL(/\/ja\/faq\?locale=ja$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    expect(events).toEqual([
      { module: 'web_yunpan_public_module', event: 'language_guide_switch_click', data: { page_path: '/en-US/faq', from: 'en-US', to: 'ja' } },
    ]);
    // The page is now in the browser's language, and the choice is remembered.
    await expect(page.locator('#language-guide')).toBeHidden();
    expect((await context.cookies()).find((cookie) => cookie.name === 'nubo_locale')?.value).toBe('ja');
    await context.close();
  });

  test('stays hidden after it is dismissed, across reloads', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'ja-JP' });
    const page = await context.newPage();
    await page.goto('/en-US/');
    const guide = page.getByRole('region', { name: ja['site.languageGuide.label'] });
    await guide.getByRole('button', { name: ja['site.languageGuide.dismiss'] }).click();
    await expect(guide).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('pp_hide_lang_change'))).toBe('true');
    await page.reload();
    // The cookie tips showing means the page's script has run, and so has the guide's check.
    await expect(page.getByRole('region', { name: messages('en-US')['cookies.banner.label'] })).toBeVisible();
    await expect(page.locator('#language-guide')).toBeHidden();
    await context.close();
  });

  test("is not shown when the browser prefers the page's language", async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto('/en-US/');
    await expect(page.getByRole('region', { name: messages('en-US')['cookies.banner.label'] })).toBeVisible();
    await expect(page.locator('#language-guide')).toBeHidden();
    await context.close();
  });
});

test.describe('debug console', () => {
  test('stays shut after five quick clicks when the server does not allow it', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/en-US/');
    const asked = page.waitForResponse((response) => new URL(response.url()).pathname === '/config/v1/debug_options');
    await fiveQuickClicks(page);
    expect(await (await asked).json()).toEqual({ value: { values: { debug_options: { allow_vconsole: false } } } });
    await page.waitForTimeout(300);
    await expect(page.locator('#__vconsole')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Close debug console' })).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('opens from our own origin after five quick clicks when DEBUG_CONSOLE=on, and its close button destroys it', async ({ page }) => {
    // A second server starts and stops within this test.
    test.setTimeout(60_000);
    const nubo = await startNubo({ DEBUG_CONSOLE: 'on' });
    try {
      const scripts: string[] = [];
      page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
      await page.goto(`${nubo.url}/en-US/`);
      // Four quick clicks are not enough.
      const box = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
      await page.mouse.click(box.x + 5, box.y + 5, { clickCount: 4, delay: 0 });
      await page.waitForTimeout(400);
      await expect(page.locator('#__vconsole')).toHaveCount(0);

      await fiveQuickClicks(page);
      await expect(page.locator('#__vconsole')).toHaveCount(1);
      expect(scripts).toContain(`${nubo.url}/scripts/vconsole.min.js`);
      expect(scripts.every((url) => url.startsWith(nubo.url))).toBe(true);
      await page.getByRole('button', { name: 'Close debug console' }).click();
      await expect(page.locator('#__vconsole')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Close debug console' })).toHaveCount(0);

      // Opened again (vConsole already loaded) and closed as soon as its button shows, well inside
      // the 200 ms of a quick run: the close is the console's own control, not a sixth click.
      const asked = page.waitForResponse((response) => new URL(response.url()).pathname === '/config/v1/debug_options');
      await page.evaluate(async () => {
        const heading = document.querySelector('h1')!;
        for (let n = 0; n < 5; n++) heading.dispatchEvent(new MouseEvent('click', { bubbles: true }));
        let close = document.querySelector<HTMLElement>('.debug-console-close');
        while (!close) {
          await new Promise((resolve) => setTimeout(resolve, 1));
          close = document.querySelector<HTMLElement>('.debug-console-close');
        }
        close.click();
      });
      await asked;
      await page.waitForTimeout(300);
      await expect(page.locator('#__vconsole')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Close debug console' })).toHaveCount(0);
    } finally {
      await page.close();
      await nubo.stop();
    }
  });
});
