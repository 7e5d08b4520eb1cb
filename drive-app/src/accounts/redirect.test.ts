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
});

describe('signInPathFor', () => {
  it('comes back to the page afterwards', () => {
    const url = new URL(signInPathFor('/drive/account?x=1'), ORIGIN);
    expect(url.pathname).toBe('/auth');
    expect(url.searchParams.get('redirect')).toBe('/drive/account?x=1');
  });
});
