// Signed links to a file (web_content_link, thumbnail_link): the file id, what the link is for,
// who it was given to, the share it was opened through, and an expiry, all signed with the
// server's key, so a link works without a session (players, download managers) but only for a
// while, only for that file and only for what it was given for: a thumbnail's link never opens the
// file's bytes. The traffic of a download counts for the person it was given to.
import { signer } from '../ids.ts';

export const DOWNLOAD_LINK_TTL_MS = 6 * 60 * 60_000;
export const DOWNLOAD_PATH = '/drive/v1/download';
export const THUMBNAIL_PATH = '/drive/v1/thumbnails';
export const STREAM_PATH = '/drive/v1/streams';

/** What a link was given for. */
export type LinkPurpose = 'download' | 'thumbnail' | 'stream';

/** A stream link's token, one path segment (`<expires>.<user id>.<share id>.<signature>`): an HLS playlist names its segments relative to it. */
const STREAM_TOKEN = /^(\d{1,15})\.([0-9a-z]{0,40})\.([0-9a-z]{0,40})\.([A-Za-z0-9_-]{20,100})$/;

/**
 * Who a download link was given to: `userId`, the signed-in person whose traffic it counts ('' for
 * a visitor who is not signed in), and `shareId`, the share a visitor opened it through ('' for the
 * owner's own link). A link given through a share is checked against the share again when used.
 */
export type LinkGrant = { userId: string; shareId: string };

const OWNER_OF_NOTHING: LinkGrant = { userId: '', shareId: '' };

/** Links are absolute, on the origin the asker reached Nubo at (see publicOriginOf). */
export function downloadLinks(key: Buffer, now: () => number = Date.now) {
  const signed = signer(key);
  // A JSON array, so no value can pass for two (an id holding a dot would, in a dotted string).
  const payload = (purpose: LinkPurpose, fileId: string, grant: LinkGrant, expires: number) =>
    JSON.stringify([purpose, fileId, grant.userId, grant.shareId, expires]);
  return {
    linkFor(origin: string, fileId: string, grant: LinkGrant): { url: string; expire: string } {
      const expires = now() + DOWNLOAD_LINK_TTL_MS;
      const query = new URLSearchParams({ u: grant.userId, ...(grant.shareId ? { sh: grant.shareId } : {}), e: String(expires) });
      query.set('s', signed.sign(payload('download', fileId, grant, expires)));
      return { url: `${origin}${DOWNLOAD_PATH}/${fileId}?${query}`, expire: new Date(expires).toISOString() };
    },
    /** One signature opens the file's thumbnails, in any size, and nothing else. */
    thumbnailFor(origin: string, fileId: string, size: string): string {
      const expires = now() + DOWNLOAD_LINK_TTL_MS;
      return `${origin}${THUMBNAIL_PATH}/${fileId}?size=${size}&e=${expires}&s=${signed.sign(payload('thumbnail', fileId, OWNER_OF_NOTHING, expires))}`;
    },
    /**
     * Where a file's streams are, for the person or visitor of `grant`: `<origin>/drive/v1/streams/<file>/<token>/`,
     * under which each profile's playlist and segments are.
     */
    streamBaseFor(origin: string, fileId: string, grant: LinkGrant): string {
      const expires = now() + DOWNLOAD_LINK_TTL_MS;
      return `${origin}${STREAM_PATH}/${fileId}/${expires}.${grant.userId}.${grant.shareId}.${signed.sign(payload('stream', fileId, grant, expires))}/`;
    },
    /** True when the signature is this server's for this purpose and grant, and the link has not expired. */
    verify(purpose: LinkPurpose, fileId: string, expires: number, signature: string, grant: LinkGrant = OWNER_OF_NOTHING): boolean {
      if (!Number.isSafeInteger(expires) || expires <= now()) return false;
      return signed.verify(payload(purpose, fileId, grant, expires), signature);
    },
  };
}

export type DownloadLinks = ReturnType<typeof downloadLinks>;

/** A stream token's parts, or undefined for anything not shaped like one. */
export function readStreamToken(token: string): { expires: number; signature: string; grant: LinkGrant } | undefined {
  const parts = STREAM_TOKEN.exec(token);
  if (!parts) return undefined;
  return { expires: Number(parts[1]), signature: parts[4]!, grant: { userId: parts[2]!, shareId: parts[3]! } };
}

/** Content-Disposition with the name in UTF-8 (RFC 6266/5987) and an ASCII stand-in for old clients. */
export function contentDisposition(name: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * How a file's bytes may be answered when a page asks to show them (`inline=true`). People's files
 * come from our own origin, so nothing that a browser could run as a page (HTML, SVG, XML, scripts)
 * is ever shown inline: text of any kind is answered as plain text, pictures, sound, video and PDF
 * as what they are, and everything else as an attachment.
 */
export function inlineContentType(mimeType: string): string | undefined {
  const type = mimeType.split(';')[0]!.trim().toLowerCase();
  if (type === 'image/svg+xml' || type.includes('xml') || type.includes('html') || type.includes('javascript')) return undefined;
  if (type.startsWith('text/') || type === 'application/json') return 'text/plain; charset=utf-8';
  if (/^(image|audio|video)\/[\w.+-]+$/.test(type) || type === 'application/pdf') return type;
  return undefined;
}

/** Sent with every download: the bytes are never sniffed into something else, nor run as a page if opened. */
export const DOWNLOAD_SAFETY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'",
};
