// The blog's addresses: posts under /blog on every locale prefix, one RSS feed of the en-US posts,
// and where the site links the blog when it has a host of its own (SPEC §2.2, shared/blog-url.ts).
import { BLOG_PATH, blogUrl } from '#shared/blog-url.ts';
import type { Locale } from '#shared/i18n/locales.ts';
import { localePath } from '../i18n/index.ts';

export const BLOG_FEED_PATH = `${BLOG_PATH}/rss.xml`;
export const blogPostPath = (slug: string) => `${BLOG_PATH}/${slug}`;

/**
 * The blog as the site links it: the locale's /blog, or https://<BLOG_SUBDOMAIN>.<domain>/ when the
 * operator runs the blog on its own host (BLOG_SUBDOMAIN is read when the site is built, and the
 * domain is the last two labels of PUBLIC_URL's host).
 */
export function blogAddress(locale: Locale, site: URL | undefined): string {
  const address = blogUrl(site?.hostname ?? '', process.env.BLOG_SUBDOMAIN);
  return address === BLOG_PATH ? localePath(locale, BLOG_PATH) : address;
}
