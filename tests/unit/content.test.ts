// The editors' content (content/) against the spec and against itself: what the build would only
// find out page by page, or not at all (a translation whose en-US source was renamed).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LOCALES } from '#shared/i18n/locales.ts';

const CONTENT = path.resolve(import.meta.dirname, '../../content');

/** Markdown files of a collection in one locale, as slugs (`sharing/share-files`). */
function slugsOf(collection: string, locale: string): string[] {
  const dir = path.join(CONTENT, collection, locale);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => file.replace(/\.md$/, '').split(path.sep).join('/'))
    .sort();
}

const frontmatterOf = (file: string) => /^---\n([\s\S]*?)\n---/.exec(readFileSync(file, 'utf8'))?.[1] ?? '';

describe.each(['help-center', 'faq', 'policies', 'policy-updates', 'blog'])('content/%s', (collection) => {
  it('has no translation without an en-US source (a renamed or misspelt file would never be shown)', () => {
    const source = new Set(slugsOf(collection, DEFAULT_LOCALE));
    const orphans = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).flatMap((locale) =>
      slugsOf(collection, locale)
        .filter((slug) => !source.has(slug))
        .map((slug) => `${locale}/${slug}`),
    );
    expect(orphans).toEqual([]);
  });

  it('has only locale folders at its top', () => {
    const folders = readdirSync(path.join(CONTENT, collection), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.filter((name) => !(LOCALES as readonly string[]).includes(name))).toEqual([]);
  });
});

describe('help centre', () => {
  const articles = slugsOf('help-center', DEFAULT_LOCALE);

  it('has at least 12 en-US articles in at least 4 folders, share-files among them', () => {
    expect(articles.length).toBeGreaterThanOrEqual(12);
    expect(new Set(articles.map((slug) => slug.split('/')[0])).size).toBeGreaterThanOrEqual(4);
    expect(articles).toContain('sharing/share-files');
  });

  it('marks exactly the ten most-read articles as popular, for translators', () => {
    const popular = articles.filter((slug) => /^popular:\s*true\s*$/m.test(frontmatterOf(path.join(CONTENT, 'help-center', DEFAULT_LOCALE, `${slug}.md`))));
    expect(popular).toHaveLength(10);
  });

  it('opens the sharing folder on share-files, its first article', () => {
    const orderOf = (slug: string) => Number(/^order:\s*(\d+)/m.exec(frontmatterOf(path.join(CONTENT, 'help-center', DEFAULT_LOCALE, `${slug}.md`)))?.[1]);
    const sharing = articles.filter((slug) => slug.startsWith('sharing/'));
    expect(sharing.sort((a, b) => orderOf(a) - orderOf(b))[0]).toBe('sharing/share-files');
  });
});

describe('policies (SPEC §2.3)', () => {
  it('has every dated version the spec lists, and the single versions at their spec addresses', () => {
    expect(slugsOf('policies', DEFAULT_LOCALE)).toEqual([
      'anti-abuse/2023-08-29',
      'anti-abuse/2025-09-10',
      'child-sexual-abuse/2023-05-23',
      'child-sexual-abuse/2025-02-12',
      'copyright-Infringement/copyright-Infringement',
      'membership-agreement/2022-06-14',
      'membership-agreement/2023-08-23',
      'privacy-policy/2021-11-08',
      'privacy-policy/2023-10-14',
      'privacy-policy/2023-11-06',
      'user-agreement/user-agreement',
    ]);
  });

  it('has an update notice for exactly the dates the spec lists', () => {
    expect(slugsOf('policy-updates', DEFAULT_LOCALE)).toEqual([
      'anti-abuse/2025-09-10',
      'child-sexual-abuse/2025-02-12',
      'membership-agreement/2023-08-23',
      'privacy-policy/2023-10-14',
      'privacy-policy/2023-11-06',
    ]);
  });

  it('dates each dated version by its file name', () => {
    const misdated = slugsOf('policies', DEFAULT_LOCALE)
      .filter((slug) => /\/\d{4}-\d{2}-\d{2}$/.test(slug))
      .filter(
        (slug) =>
          !new RegExp(`^effective:\\s*${slug.split('/')[1]}\\s*$`, 'm').test(frontmatterOf(path.join(CONTENT, 'policies', DEFAULT_LOCALE, `${slug}.md`))),
      );
    expect(misdated).toEqual([]);
  });
});

describe('FAQ', () => {
  it('moves every old anchor to a question that exists', () => {
    const questions = new Set(slugsOf('faq', DEFAULT_LOCALE));
    const moved = [...readFileSync(path.join(CONTENT, 'faq/moved-anchors.yaml'), 'utf8').matchAll(/^([a-z0-9-]+):\n\s+to:\s*([a-z0-9-]+)\s*$/gm)];
    expect(moved.length).toBeGreaterThan(0);
    expect(moved.filter(([, , to]) => !questions.has(to ?? '')).map(([, from]) => from)).toEqual([]);
    expect(moved.filter(([, from]) => questions.has(from ?? '')).map(([, from]) => from)).toEqual([]);
  });
});

describe('links between content pages', () => {
  /** The content pages a link may name: /help-center/<slug>, /policy/<policy>[/<version>], /blog/<slug>, /faq. */
  function contentPages(): Set<string> {
    const pages = new Set(['/faq', '/help-center', '/blog', '/policy', '/policy/update']);
    for (const slug of slugsOf('help-center', DEFAULT_LOCALE)) pages.add(`/help-center/${slug}`);
    for (const slug of slugsOf('policies', DEFAULT_LOCALE)) pages.add(`/policy/${slug}`).add(`/policy/${slug.split('/')[0]}`);
    for (const slug of slugsOf('policy-updates', DEFAULT_LOCALE)) pages.add(`/policy/update/${slug}`);
    for (const slug of slugsOf('blog', DEFAULT_LOCALE)) pages.add(`/blog/${slug}`);
    return pages;
  }

  it('lead only to help articles, policies, posts and FAQ answers that exist, in every locale', () => {
    const pages = contentPages();
    const questions = new Set(slugsOf('faq', DEFAULT_LOCALE));
    const broken: string[] = [];
    for (const collection of ['help-center', 'faq', 'policies', 'policy-updates', 'blog']) {
      for (const [locale, slug] of LOCALES.flatMap((locale) => slugsOf(collection, locale).map((slug) => [locale, slug] as const))) {
        const text = readFileSync(path.join(CONTENT, collection, locale, `${slug}.md`), 'utf8');
        for (const [, target = ''] of text.matchAll(/\]\((\/[^)\s]*)\)/g)) {
          const [page = '', anchor] = target.split('#');
          if (!/^\/(help-center|policy|blog|faq)(\/|$)/.test(page)) continue;
          if (!pages.has(page) || (page === '/faq' && anchor !== undefined && !questions.has(anchor)))
            broken.push(`${collection}/${locale}/${slug} → ${target}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});
