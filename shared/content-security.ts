// The content security policy of Nubo's pages. Pages show other people's words (file names, share
// titles), so a script gets to run only if it is one of ours: a file from our own origin (people's
// files are never served as scripts: downloads are plain text or attachments, with nosniff), or an
// inline script the page was built with. The server-rendered pages mark their inline scripts with a
// nonce made for that one answer; the static site's inline scripts are known by their hashes, taken
// when the site is built (server/web/site-index.ts), so its pages can still be served as files.
import { createHash, randomBytes } from 'node:crypto';

/** Script elements a browser does not run (data blocks), so a policy need not allow them. */
const DATA_BLOCK = /\btype\s*=\s*["']?application\/(?:ld\+)?json/i;

/** The CSP hash source ('sha256-…') of every inline script a page runs, in order of first appearance. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes) || DATA_BLOCK.test(attributes)) continue;
    hashes.add(`sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`);
  }
  return [...hashes];
}

/**
 * The policy of a page whose inline scripts are allowed by `sources` ('nonce-…' or 'sha256-…'):
 * no plug-ins, no <base> to move relative scripts elsewhere, and framed only by `frameAncestors`.
 * Styles, pictures and media are left open: the shield is against scripts, and a file shown from
 * an S3 store comes from that store's origin.
 */
export function pagePolicy(sources: readonly string[], frameAncestors: readonly string[]): string {
  return [
    `script-src 'self' ${sources.map((source) => `'${source}'`).join(' ')}`.trimEnd(),
    "object-src 'none'",
    "base-uri 'none'",
    `frame-ancestors ${frameAncestors.join(' ')}`,
  ].join('; ');
}

/** A nonce for one answer: 128 random bits, as the CSP specification asks. */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/** Marks every script element of a page shell (our own markup, never a visitor's text) with `nonce`. */
export function withNonce(shell: string, nonce: string): string {
  return shell.replace(/<script\b/gi, `<script nonce="${nonce}"`);
}
