// Download links (web_content_link): the file id, who the link was given to, and an expiry,
// signed with the server's key, so a link works without a session (players, download managers)
// but only for a while and only for that file; the traffic counts for the person it was given to.
import { signer } from '../ids.ts';

export const DOWNLOAD_LINK_TTL_MS = 6 * 60 * 60_000;
export const DOWNLOAD_PATH = '/drive/v1/download';
export const THUMBNAIL_PATH = '/drive/v1/thumbnails';

/** Links are absolute, on the origin the asker reached Nubo at (see publicOriginOf). */
export function downloadLinks(key: Buffer, now: () => number = Date.now) {
  const signed = signer(key);
  const payload = (fileId: string, expires: number, userId = '') => `${fileId}.${userId}.${expires}`;
  const sign = (fileId: string, expires: number, userId = '') => signed.sign(payload(fileId, expires, userId));
  return {
    linkFor(origin: string, fileId: string, userId: string): { url: string; expire: string } {
      const expires = now() + DOWNLOAD_LINK_TTL_MS;
      return {
        url: `${origin}${DOWNLOAD_PATH}/${fileId}?u=${userId}&e=${expires}&s=${sign(fileId, expires, userId)}`,
        expire: new Date(expires).toISOString(),
      };
    },
    /** The same signature opens the file's thumbnails, in any size. */
    thumbnailFor(origin: string, fileId: string, size: string): string {
      const expires = now() + DOWNLOAD_LINK_TTL_MS;
      return `${origin}${THUMBNAIL_PATH}/${fileId}?size=${size}&e=${expires}&s=${sign(fileId, expires)}`;
    },
    /** True when the signature is this server's and the link has not expired. */
    verify(fileId: string, expires: number, signature: string, userId = ''): boolean {
      if (!Number.isSafeInteger(expires) || expires <= now()) return false;
      return signed.verify(payload(fileId, expires, userId), signature);
    },
  };
}

export type DownloadLinks = ReturnType<typeof downloadLinks>;

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
