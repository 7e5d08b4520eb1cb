// The help centre's shape (SPEC §2.2): folders in their order, each with its articles in order, in
// one locale; and where a folder's own address leads (help-center-default-dir).
import { DEFAULT_LOCALE, type Locale } from '#shared/i18n/locales.ts';
import { type Localised, localisedEntries } from './localised.ts';

export const HELP_CENTER_PATH = '/help-center';

export type HelpArticleEntry = { id: string; data: { title: string; description: string; order: number; popular: boolean }; rendered?: { html: string } };
export type HelpFolderEntry = { id: string; data: { order: number; title: Record<string, string> } };

export type HelpArticle = Localised<HelpArticleEntry> & { folder: string; path: string };
export type HelpFolder = { slug: string; title: string; path: string; articles: HelpArticle[] };

export const helpArticlePath = (slug: string) => `${HELP_CENTER_PATH}/${slug}`;

/** `sharing/share-files` → `sharing`; an article must sit in a folder. */
function folderOf(slug: string): string {
  const cut = slug.lastIndexOf('/');
  if (cut <= 0) throw new Error(`help article "${slug}" must be inside a folder (content/help-center/<locale>/<folder>/…)`);
  return slug.slice(0, cut);
}

const byOrderThenSlug = (a: { order: number; slug: string }, b: { order: number; slug: string }) => a.order - b.order || a.slug.localeCompare(b.slug);

/** The folders and articles a locale shows, both in their editors' order. */
export function helpCenterTree(articles: readonly HelpArticleEntry[], folders: readonly HelpFolderEntry[], locale: Locale): HelpFolder[] {
  const grouped = new Map<string, HelpArticle[]>();
  for (const article of localisedEntries(articles, locale)) {
    const folder = folderOf(article.slug);
    grouped.set(folder, [...(grouped.get(folder) ?? []), { ...article, folder, path: helpArticlePath(article.slug) }]);
  }
  const known = new Map(folders.map((folder) => [folder.id, folder]));
  const missing = [...grouped.keys()].filter((slug) => !known.has(slug));
  if (missing.length > 0) throw new Error(`help-center folders without an entry in content/help-center/folders.yaml: ${missing.join(', ')}`);
  return folders
    .filter((folder) => grouped.has(folder.id))
    .map((folder) => ({ folder, order: folder.data.order, slug: folder.id }))
    .sort(byOrderThenSlug)
    .map(({ folder }) => ({
      slug: folder.id,
      title: folder.data.title[locale] ?? folder.data.title[DEFAULT_LOCALE] ?? folder.id,
      path: `${HELP_CENTER_PATH}/${folder.id}`,
      articles: (grouped.get(folder.id) ?? [])
        .map((article) => ({ article, order: article.entry.data.order, slug: article.slug }))
        .sort(byOrderThenSlug)
        .map(({ article }) => article),
    }));
}

/** Each folder's address → its first article's (`/help-center/sharing` → `/help-center/sharing/share-files`). */
export function folderDefaultArticles(tree: readonly HelpFolder[]): Record<string, string> {
  return Object.fromEntries(tree.flatMap((folder) => (folder.articles[0] ? [[folder.path, folder.articles[0].path]] : [])));
}
