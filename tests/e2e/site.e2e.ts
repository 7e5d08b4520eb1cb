import { test, expect } from '@playwright/test';

test.describe('public site', () => {
  test('serves the home page under a locale prefix in that language', async ({ page }) => {
    await page.goto('/es/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Your files, shared simply');
    await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/es\/$/);
  });

  test('serves the unprefixed home page in the Accept-Language locale, without redirecting', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'ja-JP' });
    const page = await context.newPage();
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(response?.request().redirectedFrom()).toBeNull();
    expect(response?.headers()['vary']).toContain('Accept-Language');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await context.close();
  });

  test('switches language with ?locale= and remembers it in the locale cookie', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/?locale=ko');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await page.goto('/?locale=xx');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await context.close();
  });

  test('shows the cookie banner island until the visitor answers', async ({ page }) => {
    await page.goto('/en-US/');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Allow usage statistics' }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('allow_analysis'))).toBe('true');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
  });
});
