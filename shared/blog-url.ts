// Where the site links its blog (SPEC §2.2). By default the blog is this site's own /blog. An
// operator who runs the blog on a host of its own names that host's first label in BLOG_SUBDOMAIN
// (read at build time); the rest of the address comes from the last two labels of the site's host
// name, so drive.example.com links https://blog.example.com/.
import { isIpv4Host } from './patterns.ts';

/** The blog on the site itself, under each locale prefix (`/blog`, `/ja/blog`). */
export const BLOG_PATH = '/blog';

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * The blog's address seen from a page on `hostname`: `https://<blogSubdomain>.<last two labels>/`
 * when a blog host is configured and the host name has two labels to keep, `/blog` otherwise
 * (no configuration, `localhost`, an IP address, or a label that is not a valid host label).
 */
export function blogUrl(hostname: string, blogSubdomain?: string): string {
  const subdomain = blogSubdomain?.trim().toLowerCase();
  if (!subdomain || !LABEL.test(subdomain)) return BLOG_PATH;
  const host = hostname.trim().toLowerCase().replace(/\.$/, '');
  if (isIpv4Host(host) || host.includes(':')) return BLOG_PATH;
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return BLOG_PATH;
  return `https://${subdomain}.${labels.slice(-2).join('.')}/`;
}
