// The product pages of the public site: every page in two locales, downloads and report
// figures from content/, the activity-end guard, API islands' translated errors, phones and keyboards.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { LOCALES } from '#shared/i18n/locales.ts';
import { DRIVE_SECTIONS } from '../../shared/app-paths.ts';
import { expect, test } from './fixtures.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8'));
const messagesOf = (locale: string): Record<string, string> => readJson(`content/i18n/${locale}.json`);
const downloads: Record<string, string | null> = readJson('content/downloads.json');
const transparency: { periods: Array<{ period: string; takedowns: Record<string, number> }> } = readJson('content/transparency.json');

/** Every product page; campaigns that run in the e2e calendar (tests/fixtures/campaigns.e2e.json). */
const PAGES = [
  '/',
  '/tv',
  '/tv-help',
  '/help',
  '/contact-us',
  '/mobile-app',
  '/desktop-app',
  '/browser-extension',
  '/install-apk-troubleshooting',
  '/transparency-report',
  '/check-in-guide',
  '/check-in',
  '/favorite-links-hub',
  '/unsubscribe',
  '/url-checker',
  '/inapp/shop',
  '/inapp/widget',
  '/activity-end',
  '/activity/compensation',
  '/activity/black-friday',
];

// The cookie banner is the chrome's business: answered beforehand so it covers nothing here.
test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('allow_analysis', 'false'));
});

test.describe('product pages', () => {
  test('every page answers 200 unprefixed in en-US and under another locale prefix in that language', async ({ request }) => {
    const others = LOCALES.filter((locale) => locale !== 'en-US');
    for (const [i, page] of PAGES.entries()) {
      const unprefixed = await request.get(page, { headers: { 'Accept-Language': 'en-US' }, maxRedirects: 0 });
      expect(unprefixed.status(), page).toBe(200);
      expect(await unprefixed.text(), page).toContain('<html lang="en-US"');
      // Each page in a different locale, so all eleven are visited.
      const locale = others[i % others.length]!;
      const prefixed = await request.get(page === '/' ? `/${locale}/` : `/${locale}${page}`, { maxRedirects: 0 });
      expect(prefixed.status(), `${locale}${page}`).toBe(200);
      expect(await prefixed.text(), `${locale}${page}`).toContain(`<html lang="${locale}"`);
    }
  });

  test('download buttons come from content/downloads.json, and unpublished targets say so', async ({ page }) => {
    const unavailable = messagesOf('en-US')['site.downloads.unavailable']!;
    const pages: Record<string, string[]> = {
      '/en-US/mobile-app': ['ios', 'gp', 'android'],
      '/en-US/desktop-app': ['windows', 'macAppleSilicon', 'macIntel'],
      '/en-US/tv': ['tv'],
      '/en-US/browser-extension': ['browserExtensionChromium', 'browserExtensionFirefox'],
    };
    for (const [address, targets] of Object.entries(pages)) {
      await page.goto(address);
      for (const target of targets) {
        const entry = page.locator(`[data-download="${target}"]`);
        await expect(entry, `${address} ${target}`).toHaveCount(1);
        const url = downloads[target];
        if (url) {
          await expect(entry.getByRole('link')).toHaveAttribute('href', url);
        } else {
          await expect(entry.getByRole('link')).toHaveCount(0);
          await expect(entry).toContainText(unavailable);
        }
      }
    }
  });

  test('the transparency report shows the figures of content/transparency.json', async ({ page }) => {
    await page.goto('/en-US/transparency-report');
    await expect(page.locator('table[data-period]')).toHaveCount(transparency.periods.length);
    if (transparency.periods.length === 0) {
      await expect(page.getByText(messagesOf('en-US')['site.transparency.none']!)).toBeVisible();
    }
    for (const period of transparency.periods) {
      const table = page.locator(`table[data-period="${period.period}"]`);
      let total = 0;
      for (const [reason, count] of Object.entries(period.takedowns)) {
        total += count;
        await expect(table.locator(`tr[data-reason="${reason}"] td`)).toHaveText(count.toLocaleString('en-US'));
      }
      await expect(table.locator('tr[data-reason="total"] td')).toHaveText(total.toLocaleString('en-US'));
    }
  });
});

test.describe('campaigns (activity-end guard)', () => {
  test('a visitor of an ended campaign lands on /activity-end in their own language', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'ja-JP' });
    const page = await context.newPage();
    await page.goto('/activity/christmas');
    expect(new URL(page.url()).pathname).toBe('/activity-end');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(messagesOf('ja')['site.activityEnd.title']!);

    await page.goto('/es/activity/christmas');
    expect(new URL(page.url()).pathname).toBe('/es/activity-end');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(messagesOf('es')['site.activityEnd.title']!);
    await context.close();
  });

  test('a running campaign is served, with its dates from the calendar', async ({ page }) => {
    const response = await page.goto('/pt/activity/black-friday');
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/pt/activity/black-friday');
    await expect(page.locator('.campaign-dates')).toBeVisible();
    await expect(page.locator('.activity[data-theme="black-friday"]')).toHaveCount(1);
  });
});

test.describe('API islands', () => {
  test('check-in asks a signed-out visitor, in the page language, to sign in first', async ({ page }) => {
    await page.goto('/es/check-in');
    await expect(page.getByRole('status')).toHaveText(messagesOf('es')['error.unauthenticated']!);
    await expect(page.getByRole('button', { name: messagesOf('es')['site.checkIn.button']! })).toBeHidden();
  });

  test('unsubscribe asks before calling the mail API, then shows its error translated', async ({ page }) => {
    const ko = messagesOf('ko');
    await page.goto('/ko/unsubscribe');
    await expect(page.getByRole('status')).toHaveText(ko['site.unsubscribe.missingCode']!);

    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/mail/v1/unsubscribe')) calls.push(request.url());
    });
    await page.goto('/ko/unsubscribe?d=abc123');
    const button = page.getByRole('button', { name: ko['site.unsubscribe.button']! });
    await expect(button).toBeVisible();
    expect(calls).toEqual([]);
    await button.click();
    await expect(page.getByRole('status')).toHaveText(ko['site.unsubscribe.invalid']!);
    expect(calls).toHaveLength(1);
    expect(new URL(calls[0]!).searchParams.get('d')).toBe('abc123');
  });

  test('the compensation claim posts the campaign id and shows the error translated', async ({ page }) => {
    const uk = messagesOf('uk');
    await page.goto('/uk/activity/compensation');
    const posted = page.waitForRequest((request) => request.url().endsWith('/vip/v1/activity/compensate') && request.method() === 'POST');
    await page.getByRole('button', { name: uk['site.campaign.compensation.claim']! }).click();
    expect((await posted).postDataJSON()).toEqual({ activity_id: 'aliyun_accident_202409' });
    await expect(page.getByRole('status')).toHaveText(uk['error.unauthenticated']!);
  });

  test('the shop asks a signed-out visitor to sign in, shows the plans, and checks the activation code before sending it', async ({ page }) => {
    const zh = messagesOf('zh-CN');
    await page.goto('/zh-CN/inapp/shop');
    await expect(page.locator('[data-part=membership] [role=status]')).toHaveText(zh['error.unauthenticated']!);
    // The plans need no sign-in; prices are written the page's way, and a plan without one comes with codes.
    await expect(page.locator('[data-plan=premium-month]')).toContainText(zh['premium.plan.premium']!.replace('{{days}}', '31'));
    await expect(page.locator('[data-plan=premium-month]').getByRole('button', { name: zh['premium.buy']!.replace('{{price}}', 'US$5.99') })).toBeVisible();
    await expect(page.locator('[data-plan=storage-1tb]')).toContainText(zh['premium.plan.codeOnly']!);
    await page.getByRole('button', { name: zh['premium.redeem.button']! }).click();
    await expect(page.locator('[data-part=redeem] [role=status]')).toHaveText(zh['premium.redeem.empty']!);
    await page.getByLabel(zh['premium.redeem.label']!, { exact: true }).fill('NUBO-1234');
    await page.getByRole('button', { name: zh['premium.redeem.button']! }).click();
    await expect(page.locator('[data-part=redeem] [role=status]')).toHaveText(zh['error.unauthenticated']!);
  });

  test("the shop is in the drive layout: the drive's sections beside it, not the site's navigation", async ({ browser }) => {
    const zh = messagesOf('zh-CN');
    // A browser in another language: the in-app page still offers no language guide, the app sets the language.
    const context = await browser.newContext({ locale: 'ja-JP' });
    await context.addInitScript(() => localStorage.setItem('allow_analysis', 'false'));
    const page = await context.newPage();
    await page.goto('/zh-CN/inapp/shop');
    await expect(page.locator('body')).toHaveAttribute('data-layout', 'drive');
    const sidebar = page.getByRole('navigation', { name: zh['drive.sidebar.label']! });
    const sections = DRIVE_SECTIONS.map((section) => ({ name: zh[section.labelKey], href: section.path }));
    const links = sidebar.getByRole('link');
    await expect(links).toHaveCount(sections.length + 1);
    for (const [index, section] of sections.entries()) {
      await expect(links.nth(index)).toHaveText(section.name!);
      await expect(links.nth(index)).toHaveAttribute('href', section.href);
    }
    await expect(links.last()).toHaveAttribute('href', '/zh-CN/');
    await expect(page.getByRole('navigation', { name: zh['site.chrome.nav.label']! })).toHaveCount(0);
    await expect(page.locator('#language-guide')).toHaveCount(0);
    // The header keeps the language menu and the dark-mode toggle.
    await page.locator('[data-language-menu] summary').click();
    await expect(page.locator('[data-language-menu]').getByRole('link', { name: 'English' })).toHaveAttribute('href', '/en-US/inapp/shop?locale=en-US');
    const darkMode = page.getByRole('button', { name: zh['site.chrome.darkMode']! });
    await expect(darkMode).toHaveAttribute('aria-pressed', 'false');
    await darkMode.click();
    await expect(darkMode).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    // The island lives in the drive layout's main area.
    await expect(page.getByRole('main').locator('[data-part=membership] [role=status]')).toHaveText(zh['error.unauthenticated']!);
    await context.close();
  });

  test('the storage widget asks a signed-out visitor to sign in', async ({ page }) => {
    await page.goto('/ru/inapp/widget');
    await expect(page.getByRole('status')).toHaveText(messagesOf('ru')['error.unauthenticated']!);
  });
});

test.describe('URL checker and favourite links', () => {
  test('the URL checker is keyboard-operable, recognises shares and shows pasted text only as text', async ({ page }) => {
    const en = messagesOf('en-US');
    await page.goto('/en-US/url-checker');
    const input = page.getByLabel(en['site.urlChecker.label']!);
    await input.focus();
    await page.keyboard.type('javascript:alert(document.cookie)');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status')).toHaveText(en['site.urlChecker.invalid']!);

    await input.fill('');
    const share = `${new URL(page.url()).origin}/s/AbC123?s_code=x1y2`;
    await page.keyboard.type(share);
    await page.keyboard.press('Enter');
    await expect(page.getByText(en['site.urlChecker.isShare']!)).toBeVisible();
    await expect(page.getByRole('link', { name: en['site.urlChecker.openShare']! })).toHaveAttribute('href', '/s/AbC123?s_code=x1y2');

    await input.fill('https://example.com/<img src=x onerror=alert(1)>.zip');
    await page.keyboard.press('Enter');
    await expect(page.getByText(en['site.urlChecker.isDownload']!)).toBeVisible();
    await expect(page.locator('[data-part=checked]')).toHaveText('https://example.com/%3Cimg%20src=x%20onerror=alert(1)%3E.zip');
    await expect(page.locator('[data-part=result] img')).toHaveCount(0);
    // Signed out: the server cannot be asked about the link, so the visitor is offered to sign in.
    await expect(page.getByRole('link', { name: en['site.urlChecker.signIn']! })).toBeVisible();
    await expect(page.getByRole('button', { name: en['site.urlChecker.save']! })).toHaveCount(0);
  });

  test('favourite links are kept in this browser, and only web addresses are accepted', async ({ page }) => {
    const en = messagesOf('en-US');
    await page.goto('/en-US/favorite-links-hub');
    await expect(page.getByText(en['site.favoriteLinks.empty']!)).toBeVisible();
    await page.getByLabel(en['site.favoriteLinks.url']!, { exact: true }).fill('javascript:alert(1)');
    await page.getByRole('button', { name: en['site.favoriteLinks.add']! }).click();
    await expect(page.getByRole('status')).toHaveText(en['site.favoriteLinks.invalid']!);

    await page.getByLabel(en['site.favoriteLinks.name']!, { exact: true }).fill('<b>Holiday photos</b>');
    await page.getByLabel(en['site.favoriteLinks.url']!, { exact: true }).fill('https://example.com/s/holiday');
    await page.getByRole('button', { name: en['site.favoriteLinks.add']! }).click();
    await page.reload();
    const link = page.getByRole('link', { name: '<b>Holiday photos</b>' });
    await expect(link).toHaveAttribute('href', 'https://example.com/s/holiday');
    await page.getByRole('button', { name: 'Remove <b>Holiday photos</b>' }).click();
    await expect(link).toHaveCount(0);
    await expect(page.getByText(en['site.favoriteLinks.empty']!)).toBeVisible();
  });
});

test.describe('phones (375 px)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('no page scrolls sideways', async ({ page }) => {
    for (const address of PAGES) {
      await page.goto(`/en-US${address === '/' ? '/' : address}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, address).toBeLessThanOrEqual(0);
    }
  });

  test('platform cards are not links on a phone; desktop-only cards carry none at all', async ({ page }) => {
    await page.goto('/en-US/');
    await expectCardLinks(page, { mobile: true, desktop: false, extension: false, tv: true });
    // Tapping the text of a card does not navigate.
    await page.locator('[data-platform=mobile] p').click();
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/en-US/');
  });
});

test('platform cards are whole links on wide screens', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/en-US/');
  await expectCardLinks(page, { mobile: true, desktop: true, extension: true, tv: true });
  // The card's text is covered by its stretched link: a click anywhere on the card follows it.
  await page.locator('[data-platform=desktop] p').click({ force: true });
  await expect(page).toHaveURL(/\/en-US\/desktop-app$/);
});

async function expectCardLinks(page: Page, visible: Record<string, boolean>) {
  for (const [platform, shown] of Object.entries(visible)) {
    const link = page.locator(`[data-platform=${platform}] a`);
    if (shown) await expect(link, platform).toBeVisible();
    else await expect(link, platform).toBeHidden();
  }
}

test('campaign and island panels follow the dark theme', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  await context.addInitScript(() => localStorage.setItem('allow_analysis', 'false'));
  const page = await context.newPage();
  // Relative luminance of a computed rgb() colour, as WCAG defines it.
  const luminanceOf = (selector: string, property: 'color' | 'backgroundColor') =>
    page
      .locator(selector)
      .first()
      .evaluate((element, name) => {
        const [r, g, b] = (getComputedStyle(element)[name].match(/[\d.]+/g) ?? [])
          .slice(0, 3)
          .map(Number)
          .map((v) => {
            const c = v / 255;
            return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
          });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      }, property);
  for (const [address, panel, text] of [
    ['/en-US/activity/black-friday', '.activity-banner', '.activity-banner h1'],
    ['/en-US/check-in', '.panel', '.panel [role=status]'],
  ] as const) {
    await page.goto(address);
    await expect(page.locator(text).first()).not.toBeEmpty();
    const background = await luminanceOf(panel, 'backgroundColor');
    const foreground = await luminanceOf(text, 'color');
    expect(background, address).toBeLessThan(0.1);
    // WCAG AA for body text: a contrast ratio of at least 4.5.
    expect((foreground + 0.05) / (background + 0.05), address).toBeGreaterThanOrEqual(4.5);
  }
  await context.close();
});
