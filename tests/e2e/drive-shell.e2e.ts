import { expect, test } from './fixtures.ts';

test.describe('drive app shell', () => {
  test("renders the shell in the visitor's language with messages loaded at run time", async ({ browser }) => {
    const context = await browser.newContext({ locale: 'zh-TW' });
    const page = await context.newPage();
    const messages = page.waitForResponse((r) => r.url().endsWith('/i18n/zh-TW/messages.json'));
    await page.goto('/drive/nowhere');
    expect((await messages).status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('navigation')).toBeVisible();
    // Unmatched routes show the translated not-found page with the path.
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Page not found');
    await expect(page.locator('.not-found-path')).toContainText('/drive/nowhere');
    await context.close();
  });

  test('switches language from the header without a reload', async ({ page }) => {
    await page.goto('/drive/nowhere?locale=en-US');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Page not found');
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'nubo_locale')?.value).toBe('ru');
  });

  test('keeps the dark mode choice across reloads', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/drive/nowhere?locale=en-US');
    const toggle = page.getByRole('button', { name: 'Dark mode' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('turns the sidebar into a drawer at 768 px and below', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/drive/nowhere?locale=en-US');
    const menu = page.getByRole('button', { name: 'Open menu' });
    await expect(menu).toBeVisible();
    await expect(page.getByRole('navigation')).toBeHidden();
    await menu.click();
    await expect(page.getByRole('navigation')).toBeVisible();
    await page.setViewportSize({ width: 1200, height: 800 });
    await expect(page.getByRole('button', { name: /menu/ })).toHaveCount(0);
    await expect(page.getByRole('navigation')).toBeVisible();
  });

  test('sends a locale-prefixed share link to the unprefixed path and keeps the locale', async ({ page }) => {
    const response = await page.goto('/ja/s/abc123?s_code=x1');
    expect(new URL(page.url()).pathname).toBe('/s/abc123');
    expect(new URL(page.url()).search).toBe('?s_code=x1');
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  });
});
