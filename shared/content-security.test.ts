import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, withNonce } from './content-security.ts';

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

describe('content security', () => {
  it('hashes the inline scripts a page runs, exactly as written, once each, and leaves out scripts from files and data blocks', () => {
    const html = [
      '<script>theme()</script>',
      '<script type="module">\n  island();\n</script>',
      '<script type="module" src="/_astro/a.js"></script>',
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      '<script type="application/json" id="first-view">{}</script>',
      '<SCRIPT>theme()</SCRIPT>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([sha256('theme()'), sha256('\n  island();\n')]);
  });

  it('marks every script element of a shell with the nonce', () => {
    expect(withNonce('<script type="module" src="/a.js"></script><script>b()</script>', 'n0')).toBe(
      '<script nonce="n0" type="module" src="/a.js"></script><script nonce="n0">b()</script>',
    );
  });
});
