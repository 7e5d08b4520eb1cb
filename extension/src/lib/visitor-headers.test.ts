import { describe, expect, it } from 'vitest';
import { linksWithVisitorHeaders } from './visitor-headers.ts';

describe('linksWithVisitorHeaders', () => {
  const cookies: Record<string, string> = { 'https://files.example/a.zip': 'sid=1; theme=dark' };
  const cookiesFor = async (url: string) => cookies[url];

  it('gives each web address its own site’s cookies and the page as referrer, and a magnet link nothing', async () => {
    const links = await linksWithVisitorHeaders(['https://files.example/a.zip', 'https://other.example/b.iso', 'magnet:?xt=urn:btih:abc'], {
      send: true,
      pageUrl: 'https://forum.example/thread/7',
      cookiesFor,
    });
    expect(links).toEqual([
      { url: 'https://files.example/a.zip', headers: { cookie: 'sid=1; theme=dark', referer: 'https://forum.example/thread/7' } },
      { url: 'https://other.example/b.iso', headers: { referer: 'https://forum.example/thread/7' } },
      { url: 'magnet:?xt=urn:btih:abc' },
    ]);
  });

  it('sends nothing unless asked, and no referrer for a page that is not a web address', async () => {
    const asked: string[] = [];
    const spy = async (url: string) => {
      asked.push(url);
      return cookiesFor(url);
    };
    expect(await linksWithVisitorHeaders(['https://files.example/a.zip'], { send: false, pageUrl: 'https://forum.example/', cookiesFor: spy })).toEqual([
      { url: 'https://files.example/a.zip' },
    ]);
    expect(asked).toEqual([]);
    expect(await linksWithVisitorHeaders(['https://other.example/b.iso'], { send: true, pageUrl: 'file:///home/ann/list.html', cookiesFor: spy })).toEqual([
      { url: 'https://other.example/b.iso' },
    ]);
  });
});
