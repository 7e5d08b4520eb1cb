// Signing a TV in with a code, on a phone: the TV asks for its codes and polls as RFC 8628 says;
// its person opens the address the TV shows, signs up, sees which device asks and lets it in.
import type { APIRequestContext } from '@playwright/test';
import { DEVICE_CODE_GRANT_TYPE } from '#shared/api/device-sign-in.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

const TV_AGENT = 'Mozilla/5.0 (Linux; Android 12; BRAVIA 4K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

type DeviceCodes = { device_code: string; user_code: string; verification_uri: string; verification_uri_complete: string; interval: number };

/** The TV's side: its codes, asked for as a TV app asks (form fields, its own user agent). */
async function tvAsksForCodes(request: APIRequestContext): Promise<DeviceCodes> {
  const answer = await request.post('/v1/auth/device', { form: { client_id: 'nubo-tv' }, headers: { 'user-agent': TV_AGENT } });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as DeviceCodes;
}

const tvPolls = (request: APIRequestContext, deviceCode: string) =>
  request.post('/v1/auth/token', {
    form: { grant_type: DEVICE_CODE_GRANT_TYPE, device_code: deviceCode, client_id: 'nubo-tv' },
    headers: { 'user-agent': TV_AGENT },
  });

test.describe('device sign-in', () => {
  test.use(PHONE);

  test('a person opens the TV’s address on a phone, signs up, checks the device and lets the TV in', async ({ page, request }) => {
    const codes = await tvAsksForCodes(request);
    expect((await (await tvPolls(request, codes.device_code)).json()).error).toBe('authorization_pending');

    await page.goto(codes.verification_uri_complete);
    // Signed out: sign-in first, then back to the code.
    await expect(page).toHaveURL(/\/auth\?redirect=/);
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel('Name').fill('Tess Vee');
    await page.getByLabel('E-mail address').fill(`tv-${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('violet harbour lamp 42');
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL(/\/auth\/device\?code=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in a TV' })).toBeVisible();
    await expect(page.getByLabel('Code')).toHaveValue(codes.user_code);
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByText('TV app asks to sign in to your account.')).toBeVisible();
    await expect(page.getByText('Chrome 120 on Android')).toBeVisible();
    await expect(page.getByText('If someone sent you this code, refuse')).toBeVisible();
    await expectAccessible(page, 'the device sign-in page, asking');
    await page.getByRole('button', { name: 'Let it in' }).click();
    await expect(page.getByRole('status')).toHaveText('Done: the device is signed in. You can close this page.');

    // The TV's next poll, an interval later, gets its tokens, and its session is among the person's.
    await page.waitForTimeout(codes.interval * 1000);
    const signedIn = await tvPolls(request, codes.device_code);
    expect(signedIn.status()).toBe(200);
    const tokens = (await signedIn.json()) as { token_type: string; access_token: string };
    expect(tokens.token_type).toBe('Bearer');
    await page.getByRole('link', { name: 'See where you are signed in' }).click();
    await expect(page.locator('.session-item', { hasText: 'TV app' })).toContainText('Chrome 120 on Android');
  });

  test('a code typed wrong, or refused, is said so in words, and the TV hears it was refused', async ({ page, request }) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel('Name').fill('Rae Fuse');
    await page.getByLabel('E-mail address').fill(`refuse-${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('violet harbour lamp 42');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/drive\/all$/);

    await page.goto('/auth/device');
    await page.getByLabel('Code').fill('abc');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('A code is 8 letters, such as BDFG-HJKL.')).toBeVisible();
    await page.getByLabel('Code').fill('bbbb-cccc');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText(/This code is not valid, was already used or has expired/);

    const codes = await tvAsksForCodes(request);
    // As typed on a phone: lower case, no dash.
    await page.getByLabel('Code').fill(codes.user_code.replace('-', '').toLowerCase());
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Refuse' }).click();
    await expect(page.getByRole('status')).toHaveText('Refused: the device was not signed in.');
    expect((await (await tvPolls(request, codes.device_code)).json()).error).toBe('access_denied');
  });
});
