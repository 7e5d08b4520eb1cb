import { describe, expect, it } from 'vitest';
import { blogUrl } from './blog-url.ts';

describe('blogUrl', () => {
  it('links the site’s own /blog when no blog host is configured', () => {
    expect(blogUrl('drive.example.com')).toBe('/blog');
    expect(blogUrl('drive.example.com', '')).toBe('/blog');
    expect(blogUrl('drive.example.com', '  ')).toBe('/blog');
  });

  it('keeps the last two labels of the host name under the configured blog label', () => {
    expect(blogUrl('drive.example.com', 'blog')).toBe('https://blog.example.com/');
    expect(blogUrl('a.b.files.example.org', 'news')).toBe('https://news.example.org/');
  });

  it('adds the blog label to a host name of exactly two labels', () => {
    expect(blogUrl('example.com', 'blog')).toBe('https://blog.example.com/');
  });

  it('ignores letter case and a trailing dot of the host name', () => {
    expect(blogUrl('Drive.Example.COM.', 'Blog')).toBe('https://blog.example.com/');
  });

  it('falls back to /blog where there is no domain to keep: localhost, IPv4 and IPv6 addresses', () => {
    expect(blogUrl('localhost', 'blog')).toBe('/blog');
    expect(blogUrl('192.168.1.10', 'blog')).toBe('/blog');
    expect(blogUrl('::1', 'blog')).toBe('/blog');
  });

  it('never builds an address from a label that is not a host label', () => {
    expect(blogUrl('drive.example.com', 'evil.com/x')).toBe('/blog');
    expect(blogUrl('drive.example.com', '-blog')).toBe('/blog');
    expect(blogUrl('drive.exa mple.com', 'blog')).toBe('/blog');
  });
});
