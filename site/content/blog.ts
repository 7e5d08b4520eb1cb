// The blog's addresses: posts under /blog on every locale prefix, one RSS feed of the en-US posts.
export const BLOG_FEED_PATH = '/blog/rss.xml';
export const blogPostPath = (slug: string) => `/blog/${slug}`;
