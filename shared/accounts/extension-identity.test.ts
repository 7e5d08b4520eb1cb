import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CHROMIUM_EXTENSION_ID,
  CHROMIUM_EXTENSION_KEY,
  CHROMIUM_REDIRECT_URI,
  FIREFOX_EXTENSION_ID,
  FIREFOX_REDIRECT_URI,
  isExtensionRedirectUri,
} from './extension-identity.ts';

describe('the extension’s pinned identity', () => {
  it('names the Chromium id derived from the manifest key, as Chromium derives it', () => {
    const digest = createHash('sha256').update(Buffer.from(CHROMIUM_EXTENSION_KEY, 'base64')).digest('hex');
    const id = [...digest.slice(0, 32)].map((digit) => String.fromCharCode('a'.charCodeAt(0) + Number.parseInt(digit, 16))).join('');
    expect(CHROMIUM_EXTENSION_ID).toBe(id);
    expect(CHROMIUM_REDIRECT_URI).toBe(`https://${id}.chromiumapp.org/`);
  });

  it('names the Firefox redirect host as the SHA-1 of the add-on id, in lowercase hex', () => {
    const hash = createHash('sha1').update(FIREFOX_EXTENSION_ID, 'utf8').digest('hex');
    expect(FIREFOX_REDIRECT_URI).toBe(`https://${hash}.extensions.allizom.org/`);
  });

  it('accepts exactly the two redirect addresses, not a lookalike', () => {
    expect(isExtensionRedirectUri(CHROMIUM_REDIRECT_URI)).toBe(true);
    expect(isExtensionRedirectUri(FIREFOX_REDIRECT_URI)).toBe(true);
    for (const uri of [
      `${CHROMIUM_REDIRECT_URI}x`,
      CHROMIUM_REDIRECT_URI.replace('https:', 'http:'),
      CHROMIUM_REDIRECT_URI.toUpperCase(),
      `https://evil.example/?${CHROMIUM_REDIRECT_URI}`,
      'nubo-extension://auth',
      'https://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.chromiumapp.org/',
    ])
      expect(isExtensionRedirectUri(uri), uri).toBe(false);
  });
});
