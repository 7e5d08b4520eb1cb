import { describe, expect, it } from 'vitest';
import { localisedEntries, localiseLinks, splitEntryId } from './localised.ts';

const entry = (id: string) => ({ id });

describe('splitEntryId', () => {
  it('splits the locale folder off the slug, capitals kept', () => {
    expect(splitEntryId('zh-TW/sharing/share-files')).toEqual({ locale: 'zh-TW', slug: 'sharing/share-files' });
    expect(splitEntryId('en-US/copyright-Infringement/copyright-Infringement')).toEqual({
      locale: 'en-US',
      slug: 'copyright-Infringement/copyright-Infringement',
    });
  });

  it('stops the build for a file outside a locale folder', () => {
    expect(() => splitEntryId('sharing/share-files')).toThrow(/not in a locale folder/);
    expect(() => splitEntryId('zh-tw/sharing/share-files')).toThrow(/not in a locale folder/);
  });

  it('stops the build for a name that could be more than one address segment', () => {
    expect(() => splitEntryId('en-US/sharing/../secrets')).toThrow(/only letters, digits/);
    expect(() => splitEntryId('en-US/sharing/share files')).toThrow(/only letters, digits/);
    expect(() => splitEntryId('en-US/sharing/<b>')).toThrow(/only letters, digits/);
  });
});

describe('localisedEntries', () => {
  const entries = [
    entry('en-US/sharing/share-files'),
    entry('en-US/files/trash'),
    entry('ja/sharing/share-files'),
    entry('ko/files/trash'),
    entry('ja/files/removed-in-english'),
  ];

  it('shows a locale its own translation where it has one and the en-US entry, marked, elsewhere', () => {
    expect(localisedEntries(entries, 'ja')).toEqual([
      { slug: 'sharing/share-files', entry: entry('ja/sharing/share-files'), fallback: false },
      { slug: 'files/trash', entry: entry('en-US/files/trash'), fallback: true },
    ]);
  });

  it('never marks en-US itself as a fallback', () => {
    expect(localisedEntries(entries, 'en-US').map((found) => found.fallback)).toEqual([false, false]);
  });

  it('leaves out a translation whose en-US source is gone', () => {
    expect(localisedEntries(entries, 'ja').map((found) => found.slug)).not.toContain('files/removed-in-english');
  });
});

describe('localiseLinks', () => {
  it('gives links to site pages the locale prefix, query and anchor kept', () => {
    expect(localiseLinks('<a href="/help-center/files/trash">', 'ja')).toBe('<a href="/ja/help-center/files/trash">');
    expect(localiseLinks('<a href="/faq#lost-passcode">', 'pt')).toBe('<a href="/pt/faq#lost-passcode">');
    expect(localiseLinks('<a href="/">', 'uk')).toBe('<a href="/uk/">');
  });

  it('leaves app pages, files, anchors and other sites as written', () => {
    const html =
      '<a href="/drive">a</a><a href="/s/abc">b</a><a href="/blog/rss.xml">c</a><a href="#x">d</a><a href="https://example.org/faq">e</a><a href="//example.org/x">f</a>';
    expect(localiseLinks(html, 'es')).toBe(html);
  });
});
