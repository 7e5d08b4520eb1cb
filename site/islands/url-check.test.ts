import { describe, expect, it } from 'vitest';
import { checkUrl } from './url-check.ts';

const SITE = 'https://nubo.example.org';

describe('checkUrl', () => {
  it('recognises a share of this server, keeping its folders and passcode', () => {
    expect(checkUrl(`${SITE}/s/AbC123/f1/f2?s_code=x1y2`, SITE)).toEqual({ kind: 'share', path: '/s/AbC123/f1/f2?s_code=x1y2' });
  });

  it('treats a share address of another server as a file on the web', () => {
    expect(checkUrl('https://other.example.com/s/AbC123', SITE)).toEqual({ kind: 'download', url: 'https://other.example.com/s/AbC123' });
  });

  it('accepts web, FTP and magnet links, and a web address typed without its scheme', () => {
    expect(checkUrl(' https://example.com/a.zip ', SITE)).toEqual({ kind: 'download', url: 'https://example.com/a.zip' });
    expect(checkUrl('ftp://files.example.com/a.iso', SITE)).toMatchObject({ kind: 'download' });
    expect(checkUrl('magnet:?xt=urn:btih:c12fe1c06bba254a9dc9f519b335aa7c1367a88a', SITE)).toMatchObject({ kind: 'download' });
    expect(checkUrl('example.com/a.zip', SITE)).toEqual({ kind: 'download', url: 'https://example.com/a.zip' });
  });

  it('refuses script and data URLs, plain words and empty input', () => {
    for (const input of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'file:///etc/passwd', 'hello', '', '   ', 'http://']) {
      expect(checkUrl(input, SITE), input).toEqual({ kind: 'invalid' });
    }
  });

  it('keeps markup in a pasted link escaped in the address it answers', () => {
    const check = checkUrl('https://example.com/<img src=x onerror=alert(1)>', SITE);
    expect(check).toEqual({ kind: 'download', url: 'https://example.com/%3Cimg%20src=x%20onerror=alert(1)%3E' });
  });
});
