import { readFileSync } from 'node:fs';
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { findLinks, linkKindOf, linksInText, type PageLink, readPageLinks } from './link-finder.ts';

/** A saved page, loaded at the address it was saved from, read as the popup reads a frame. */
function framed(fixture: string, url: string): PageLink[] {
  const window = new Window({ url });
  window.document.write(readFileSync(new URL(`../../fixtures/${fixture}`, import.meta.url), 'utf8'));
  const links = readPageLinks(window.document as unknown as Document);
  void window.happyDOM.close();
  return links;
}

describe('the link finder on a saved forum thread and its frame', () => {
  const page = framed('forum-thread.html', 'https://films.example/threads/42/sintel');
  const frame = framed('mirrors-frame.html', 'https://mirrors.example/sintel/list.html');
  const found = findLinks([page, frame]);

  it('finds magnet links by their info hash, in any case, named by their dn', () => {
    expect(found.magnet).toEqual([
      {
        kind: 'magnet',
        name: 'Sintel',
        url: 'magnet:?xt=urn:btih:08ada5a7a6183aae1e09d831df6748d566095a10&dn=Sintel&tr=udp%3A%2F%2Fexplodie.org%3A6969',
      },
      // The browser writes the scheme in lower case, as it resolves the link.
      { kind: 'magnet', name: 'Cosmos Laundromat', url: 'magnet:?xt=urn:btih:C9E15763F722F23E98A29DECDFAE341B98D53056&dn=Cosmos%20Laundromat' },
    ]);
  });

  it('finds .torrent files, relative ones resolved against the page’s base and the frame’s own address', () => {
    expect(found.torrent.map(({ url, name }) => [url, name])).toEqual([
      ['https://films.example/threads/42/files/sintel-4k.torrent', 'sintel-4k.torrent'],
      ['https://mirrors.example/torrents/tears-of-steel.torrent', 'tears-of-steel.torrent'],
    ]);
  });

  it('finds direct files (video, archives, audio, documents, programs) once each, ignoring fragments, and not web pages', () => {
    expect(found.file.map(({ url, name }) => [url, name])).toEqual([
      ['https://mirror.example/films/sintel-4k.mkv', 'sintel-4k.mkv'],
      ['https://films.example/downloads/Sintel%20Poster%20Pack.zip', 'Sintel Poster Pack.zip'],
      ['https://cdn.example/audio/soundtrack.flac?token=abc', 'soundtrack.flac'],
      ['https://films.example/threads/42/manual.pdf', 'manual.pdf'],
      ['https://films.example/downloads/setup.exe', 'setup.exe'],
      ['https://films.example/media/trailer.webm', 'trailer.webm'],
      ['https://mirrors.example/sintel/mirror-b/sintel-4k.mkv', 'sintel-4k.mkv'],
    ]);
    const everything = [...found.magnet, ...found.torrent, ...found.file].map((link) => link.url).join('\n');
    for (const notAFile of ['license.html', 'notes.php', 'javascript:', 'mailto:', 'no-hash-here', 'subtitles/', '/forum/'])
      expect(everything, notAFile).not.toContain(notAFile);
  });
});

describe('linkKindOf', () => {
  it('names each kind and nothing else', () => {
    expect(linkKindOf('magnet:?xt=urn:btmh:1220abcd&dn=x')).toBe('magnet');
    expect(linkKindOf('https://a.example/x.TORRENT')).toBe('torrent');
    expect(linkKindOf('http://a.example/a/b/Movie.MP4?x=1')).toBe('file');
    expect(linkKindOf('https://a.example/download')).toBeUndefined();
    expect(linkKindOf('https://a.example/index.html')).toBeUndefined();
    expect(linkKindOf('ftp://a.example/x.zip')).toBeUndefined();
    expect(linkKindOf('data:application/zip;base64,AAAA')).toBeUndefined();
    expect(linkKindOf('not a link')).toBeUndefined();
  });
});

describe('findLinks', () => {
  it('names a magnet link without a dn by its text, on one line', () => {
    const found = findLinks([[{ url: 'magnet:?xt=urn:btih:0123456789abcdef0123456789abcdef01234567', text: '  Big\n   Movie ' }]]);
    expect(found.magnet.map((link) => link.name)).toEqual(['Big Movie']);
  });

  it('keeps a link met in two frames once, with the first frame’s text', () => {
    const url = 'https://a.example/a.zip';
    expect(findLinks([[{ url, text: 'first' }], [{ url: `${url}#again`, text: 'second' }]]).file).toEqual([{ url, kind: 'file', name: 'a.zip' }]);
  });
});

describe('linksInText', () => {
  it('takes web addresses and magnet links out of selected text, without trailing punctuation, each once', () => {
    const text = 'Get https://a.example/x.zip, or magnet:?xt=urn:btih:abc&dn=y. Again: https://a.example/x.zip! (see http://b.example/page)';
    expect(linksInText(text)).toEqual(['https://a.example/x.zip', 'magnet:?xt=urn:btih:abc&dn=y', 'http://b.example/page']);
  });
});
