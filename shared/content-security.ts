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

/** What a page may be framed by and load from besides its own origin. */
export type PageSources = {
  /** Who may frame the page: 'self' and the host pages the operator names (EMBED_ORIGINS). */
  frameAncestors: readonly string[];
  /**
   * The object store's origins when file bytes come straight from it (an S3 store's presigned
   * addresses): previews, thumbnails and downloads are sent there.
   */
  storeOrigins?: readonly string[];
  /** Whom else the page's scripts may connect to (the drive app's sign-in hands the desktop client its code on loopback). */
  connectTo?: readonly string[];
};

/**
 * The policy of a page whose inline scripts are allowed by `scripts` ('nonce-…' or 'sha256-…').
 * Nothing is allowed unless named: scripts, workers (PDF.js), fetches, pictures, media and fonts
 * from our own origin (and the object store's, for files), pictures and fonts the build inlined
 * as data: addresses; styles also inline (the site's pages carry <style> and highlighted code's
 * style attributes; without a script, and with pictures kept to these origins, a style cannot send
 * anything elsewhere). No plug-ins, no <base> to move relative scripts elsewhere, forms sent only
 * to Nubo, and framed only by `frameAncestors`.
 */
export function pagePolicy(scripts: readonly string[], { frameAncestors, storeOrigins = [], connectTo = [] }: PageSources): string {
  const store = storeOrigins.join(' ');
  return [
    "default-src 'none'",
    // 'wasm-unsafe-eval' lets WebAssembly be compiled, nothing more (no eval of script text): the
    // player's styled-subtitle renderer (JASSUB, libass in WebAssembly) checks and compiles it.
    `script-src 'self' 'wasm-unsafe-eval' ${scripts.map((source) => `'${source}'`).join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${store}`,
    "font-src 'self' data:",
    // blob: is what a video fed by Media Source Extensions plays from (hls.js, for HLS streams).
    `media-src 'self' blob: ${store}`,
    `connect-src 'self' ${[...storeOrigins, ...connectTo].join(' ')}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "form-action 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    `frame-ancestors ${frameAncestors.join(' ')}`,
  ]
    .map((directive) => directive.trimEnd())
    .join('; ');
}

/** A nonce for one answer: 128 random bits, as the CSP specification asks. */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/** Marks every script element of a page shell (our own markup, never a visitor's text) with `nonce`. */
export function withNonce(shell: string, nonce: string): string {
  return shell.replace(/<script\b/gi, `<script nonce="${nonce}"`);
}
