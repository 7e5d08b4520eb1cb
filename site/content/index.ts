// The content of one locale, read from the collections (site/content.config.ts) for pages and layouts.
import { getCollection } from 'astro:content';
import type { z } from 'astro/zod';
import type { Locale } from '#shared/i18n/locales.ts';
import type { schemas } from '../content.config.ts';
import { helpCenterTree } from './help-center.ts';
import { localisedEntries } from './localised.ts';
import { policyCatalogue, policyUpdates } from './policies.ts';

type Collection = keyof typeof schemas;
export type Entry<C extends Collection> = { id: string; data: z.infer<(typeof schemas)[C]>; rendered?: { html: string } };

/**
 * A collection's entries, typed by the schema the loader validated them with. (tsc does not see the
 * types `astro sync` writes for astro:content, so they are named here from the same schemas.)
 */
async function entriesOf<C extends Collection>(collection: C): Promise<Entry<C>[]> {
  return (await getCollection(collection)) as Entry<C>[];
}

export async function helpCenterOf(locale: Locale) {
  return helpCenterTree(await entriesOf('helpCenter'), await entriesOf('helpFolders'), locale);
}

/** The FAQ's questions in order; each one's slug (its file name) is its anchor on /faq. */
export async function faqOf(locale: Locale) {
  return localisedEntries(await entriesOf('faq'), locale).sort((a, b) => a.entry.data.order - b.entry.data.order || a.slug.localeCompare(b.slug));
}

/** Old FAQ anchors → the anchor each question has now, for the page's redirect-faq-hash script. */
export async function faqMovedAnchors(): Promise<Record<string, string>> {
  return Object.fromEntries((await entriesOf('faqMovedAnchors')).map((moved) => [moved.id, moved.data.to]));
}

export async function policiesOf(locale: Locale) {
  return policyCatalogue(await entriesOf('policies'), locale);
}

export async function policyUpdatesOf(locale: Locale) {
  return policyUpdates(await entriesOf('policyUpdates'), locale);
}

/** Blog posts, newest first. */
export async function blogPostsOf(locale: Locale) {
  return localisedEntries(await entriesOf('blog'), locale).sort((a, b) => b.entry.data.published.getTime() - a.entry.data.published.getTime());
}
