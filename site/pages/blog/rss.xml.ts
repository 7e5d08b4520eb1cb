// The blog's RSS feed (/blog/rss.xml): the en-US posts, newest first, linked at their unprefixed
// addresses, where the server shows each reader the post in their own language.
import rss from '@astrojs/rss';
import type { APIContext } from 'astro';
import { DEFAULT_LOCALE } from '#shared/i18n/locales.ts';
import { blogPostPath } from '../../content/blog.ts';
import { blogPostsOf } from '../../content/index.ts';
import { translatorFor } from '../../i18n/index.ts';

export async function GET(context: APIContext) {
  const t = translatorFor(DEFAULT_LOCALE);
  const posts = await blogPostsOf(DEFAULT_LOCALE);
  return rss({
    title: `Nubo — ${t('blog.title')}`,
    description: t('blog.description'),
    site: context.site ?? 'http://localhost:8080',
    customData: `<language>${DEFAULT_LOCALE}</language>`,
    items: posts.map((post) => ({
      title: post.entry.data.title,
      description: post.entry.data.description,
      pubDate: post.entry.data.published,
      link: blogPostPath(post.slug),
    })),
  });
}
