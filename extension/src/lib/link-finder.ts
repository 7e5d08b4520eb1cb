// The popup's link finder: what on a page (and in its frames) Nubo can fetch — magnet links,
// .torrent files and direct files — grouped by kind, each once. Reading the page is one small
// self-contained function run in every frame; sorting what it read is done here, in the popup.
import { classifyFile, type FileKind } from '#shared/files/classify.ts';

/** A link as a frame has it: its address, resolved against the frame's own, and its text. */
export type PageLink = { url: string; text: string };

export const LINK_KINDS = ['magnet', 'torrent', 'file'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

/** A link Nubo can fetch, with the name to show for it. */
export type FoundLink = { url: string; kind: LinkKind; name: string };

export type FoundLinks = Record<LinkKind, FoundLink[]>;

/** The longest text kept for a link: a name, not a paragraph. */
const TEXT_MAX_LENGTH = 200;

/**
 * Every link of the frame it runs in, as the page has it now (links a script added after load
 * too): anchors and image-map areas, and the sources of video and audio. Runs in the page through
 * the scripting API, so it must use nothing from outside its own body.
 */
export function readPageLinks(page: Document = document): PageLink[] {
  const links: PageLink[] = [];
  for (const anchor of page.querySelectorAll<HTMLAnchorElement | HTMLAreaElement>('a[href], area[href]')) {
    // Tidied later, and only for a link that is kept and named by its text.
    links.push({ url: anchor.href, text: (anchor.textContent ?? '').slice(0, 200) });
  }
  for (const media of page.querySelectorAll<HTMLMediaElement | HTMLSourceElement>('video[src], audio[src], video source[src], audio source[src]')) {
    links.push({ url: media.src, text: '' });
  }
  return links;
}

/** File kinds worth fetching whole, by name; beyond them, programs, disk images and documents by extension. */
const FILE_KINDS: ReadonlySet<FileKind> = new Set(['archive', 'video', 'audio', 'epub']);
const MORE_FILE_EXTENSIONS: ReadonlySet<string> = new Set([
  'iso',
  'img',
  'dmg',
  'exe',
  'msi',
  'msix',
  'apk',
  'aab',
  'deb',
  'rpm',
  'appimage',
  'flatpak',
  'pkg',
  'jar',
  'bin',
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'odt',
  'ods',
  'odp',
  'mobi',
  'azw3',
  'cbz',
  'cbr',
  'djvu',
]);

/** Whether a file extension is worth fetching whole, learned once per extension (a page repeats a few). */
const fileExtensions = new Map<string, boolean>();
function isFileExtension(extension: string): boolean {
  let known = fileExtensions.get(extension);
  if (known === undefined) {
    known = FILE_KINDS.has(classifyFile({ name: `file.${extension}` })) || MORE_FILE_EXTENSIONS.has(extension);
    fileExtensions.set(extension, known);
  }
  return known;
}

/**
 * What a link is, with its name, read with string operations only: a page of ten thousand links is
 * listed while the popup opens, and parsing each address as a URL took most of that time. The
 * addresses come resolved and normalised from the page (scheme in lower case).
 */
function sortLink(address: string, text: string): FoundLink | undefined {
  if (address.startsWith('magnet:') || /^magnet:/i.test(address)) {
    return /[?&]xt=urn:bt[im]h:/i.test(address) ? { url: address, kind: 'magnet', name: linkName(address, text) } : undefined;
  }
  const scheme = address.startsWith('https://') ? 8 : address.startsWith('http://') ? 7 : 0;
  if (scheme === 0) return undefined;
  const pathStart = address.indexOf('/', scheme);
  if (pathStart === -1) return undefined;
  let pathEnd = address.length;
  for (const mark of ['?', '#']) {
    const at = address.indexOf(mark, pathStart);
    if (at !== -1 && at < pathEnd) pathEnd = at;
  }
  const segment = address.slice(address.lastIndexOf('/', pathEnd - 1) + 1, pathEnd);
  const dot = segment.lastIndexOf('.');
  if (dot <= 0 || dot === segment.length - 1) return undefined;
  const extension = segment.slice(dot + 1).toLowerCase();
  const kind = extension === 'torrent' ? 'torrent' : isFileExtension(extension) ? 'file' : undefined;
  if (!kind) return undefined;
  return { url: address, kind, name: decoded(segment) || tidy(text) || address.slice(0, TEXT_MAX_LENGTH) };
}

/** The kind of link Nubo can fetch this address as, or undefined for a web page, a script or anything else. */
export function linkKindOf(address: string): LinkKind | undefined {
  const url = URL.parse(address);
  return url ? sortLink(url.protocol === 'magnet:' ? address.replace(/^magnet:/i, 'magnet:') : url.href, '')?.kind : undefined;
}

/** The name to show: a magnet's own (dn), a file's from its address, else the link's text, else the address. */
export function linkName(address: string, text: string): string {
  if (/^magnet:/i.test(address)) {
    const query = address.slice(address.indexOf('?') + 1);
    const shown = new URLSearchParams(query).get('dn');
    return shown?.trim() || tidy(text) || address.slice(0, TEXT_MAX_LENGTH);
  }
  const url = URL.parse(address);
  return (url && decoded(url.pathname.split('/').findLast(Boolean) ?? '')) || tidy(text) || address.slice(0, TEXT_MAX_LENGTH);
}

/** A link's text on one line. */
function tidy(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function decoded(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * What the frames of a page hold that Nubo can fetch, grouped by kind in the order the page shows
 * them, each address once (its first text kept), the fragment ignored.
 */
export function findLinks(frames: readonly (readonly PageLink[])[]): FoundLinks {
  const found: FoundLinks = { magnet: [], torrent: [], file: [] };
  const seen = new Set<string>();
  for (const links of frames) {
    for (const link of links) {
      const address = withoutFragment(link.url);
      if (seen.has(address)) continue;
      seen.add(address);
      const sorted = sortLink(address, link.text);
      if (sorted) found[sorted.kind].push(sorted);
    }
  }
  return found;
}

/** A web address without its fragment, which its server never sees; a magnet link as it is (its fields may follow a #). */
function withoutFragment(address: string): string {
  const hash = address.indexOf('#');
  if (hash === -1 || /^magnet:/i.test(address)) return address;
  return address.slice(0, hash);
}

/** The links in selected text: web addresses and magnet links, as typed or pasted. */
export function linksInText(text: string): string[] {
  const matches = text.match(/\b(?:magnet:\?[^\s"'<>]+|https?:\/\/[^\s"'<>]+)/gi) ?? [];
  // A sentence's closing punctuation is not part of the address.
  return [...new Set(matches.map((match) => match.replace(/[.,;:!?)\]]+$/, '')))];
}
