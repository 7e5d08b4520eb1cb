import { describe, expect, it } from 'vitest';
import { signInPathFor } from '#shared/app-paths.ts';
import { afterSignInPath, SIGNED_IN_HOME, sameOriginPath } from './redirect.ts';

const ORIGIN = 'https://nubo.example';

describe('sameOriginPath', () => {
  it.each(['/drive/account', '/s/abc123?s_code=x1', '/drive/account#sessions', '/'])('keeps the path %s', (path) => {
    expect(sameOriginPath(path, ORIGIN)).toBe(path);
  });

  it.each([
    'https://evil.example/drive',
    '//evil.example/drive',
    '/\\evil.example/drive',
    '/\t/evil.example',
    'javascript:alert(1)',
    'drive/account',
    '',
    null,
  ])('refuses %s', (raw) => {
    expect(sameOriginPath(raw, ORIGIN)).toBeUndefined();
  });

  // Spellings that start with one slash but that parsing turns into "//host" or "/\\host".
  const BYPASSES = [
    '/.//evil.example/phish',
    '/..//evil.example',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '/%2e%2e/%2e//evil.example',
    '/./\\evil.example',
    '/.\\/evil.example',
    '/..\\\\evil.example',
    '/\\/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/.\t//evil.example',
    '/\r\n/evil.example',
  ];

  it.each(BYPASSES)('refuses %j, which the browser would take to another host', (raw) => {
    expect(sameOriginPath(raw, ORIGIN)).toBeUndefined();
  });

  it.each([...BYPASSES, '/%2F/evil.example', '/%5C/evil.example', '/%09/evil.example', '/.%2F/evil.example', '/x/..//evil.example'])(
    'never answers %j with an address that leaves the site when followed',
    (raw) => {
      const path = sameOriginPath(raw, ORIGIN);
      if (path === undefined) return;
      expect(path).toMatch(/^\/(?![/\\])/);
      expect(new URL(path, ORIGIN).origin).toBe(ORIGIN);
    },
  );
});

describe('afterSignInPath', () => {
  it('goes to the redirect parameter when it is a path of this site', () => {
    expect(afterSignInPath(new URLSearchParams({ redirect: '/drive/account?tab=1' }), ORIGIN)).toBe('/drive/account?tab=1');
  });

  it("goes to the user's files without a usable redirect", () => {
    expect(SIGNED_IN_HOME).toBe('/drive/all');
    expect(afterSignInPath(new URLSearchParams(), ORIGIN)).toBe(SIGNED_IN_HOME);
    expect(afterSignInPath(new URLSearchParams({ redirect: 'https://evil.example/' }), ORIGIN)).toBe(SIGNED_IN_HOME);
  });

  it("goes to the user's files when the redirect parameter parses into another host", () => {
    expect(afterSignInPath(new URLSearchParams('redirect=%2F.%2F%2Fevil.example%2Fphish'), ORIGIN)).toBe(SIGNED_IN_HOME);
    expect(afterSignInPath(new URLSearchParams('redirect=%2F%2e%2e%2F%2Fevil.example'), ORIGIN)).toBe(SIGNED_IN_HOME);
  });
});

describe('signInPathFor', () => {
  it('comes back to the page afterwards', () => {
    const url = new URL(signInPathFor('/drive/account?x=1'), ORIGIN);
    expect(url.pathname).toBe('/auth');
    expect(url.searchParams.get('redirect')).toBe('/drive/account?x=1');
  });
});
