import { afterEach, describe, expect, it } from 'vitest';
import { blogAddress } from './blog.ts';

describe('blogAddress', () => {
  const saved = process.env.BLOG_SUBDOMAIN;
  afterEach(() => {
    if (saved === undefined) delete process.env.BLOG_SUBDOMAIN;
    else process.env.BLOG_SUBDOMAIN = saved;
  });

  it('links the locale’s own /blog when no blog host is configured', () => {
    delete process.env.BLOG_SUBDOMAIN;
    expect(blogAddress('ja', new URL('https://drive.example.com'))).toBe('/ja/blog');
  });

  it('links the blog host next to the site’s domain when BLOG_SUBDOMAIN names one', () => {
    process.env.BLOG_SUBDOMAIN = 'blog';
    expect(blogAddress('ja', new URL('https://drive.example.com'))).toBe('https://blog.example.com/');
    expect(blogAddress('ja', new URL('http://localhost:8080'))).toBe('/ja/blog');
  });
});
