// File classification by name and media type (SPEC §5): which viewer opens a file, which icon it
// gets, and the API's `file_category`. Server and apps both call these, so the rules live once.

export const FILE_KINDS = ['epub', 'archive', 'image', 'video', 'audio', 'torrent', 'other'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** The API's `file_category` values (API.md). */
export const FILE_CATEGORIES = ['VIDEO', 'AUDIO', 'IMAGE', 'ARCHIVE', 'TEXT', 'OTHER'] as const;
export type FileCategory = (typeof FILE_CATEGORIES)[number];

export type FileIdentity = { name?: string; mimeType?: string };

/** What a single signal (extension or media type) says; 'text' only matters for the category. */
type ContentKind = Exclude<FileKind, 'epub'> | 'text';

const EPUB_EXTENSION = 'epub';
const EPUB_MIME_TYPE = 'application/epub+zip';

const EXTENSION_KINDS = kindTable({
  archive: ['7z', 'zip', 'rar', 'tar', 'gz', 'tgz', 'bz2', 'tbz', 'tbz2', 'xz', 'txz', 'zst', 'lz', 'lzma', 'z', 'cab'],
  image: [
    'png',
    'jpeg',
    'jpg',
    'jpe',
    'bmp',
    'ico',
    'icon',
    'gif',
    'jp2',
    'j2k',
    'jpf',
    'jpx',
    'jpeg2000',
    'webp',
    'svg',
    'tif',
    'tiff',
    'heic',
    'heif',
    'avif',
  ],
  video: [
    'wmv',
    'asf',
    'rm',
    'rmvb',
    'mpg',
    'mpeg',
    'mpe',
    '3gp',
    '3g2',
    'mov',
    'qt',
    'mp4',
    'webm',
    'm4v',
    'avi',
    'mkv',
    'flv',
    'f4v',
    'vob',
    'ts',
    'm2ts',
    'mts',
    'ogv',
    'divx',
    'dv',
  ],
  audio: ['wav', 'midi', 'mid', 'mp3', 'wma', 'aac', 'flac', 'ape', 'ogg', 'oga', 'opus', 'm4a', 'amr', 'aiff', 'aif', 'wv', 'mka', 'dsf', 'dff'],
  torrent: ['torrent'],
  text: [
    'txt',
    'md',
    'markdown',
    'csv',
    'tsv',
    'log',
    'json',
    'xml',
    'yaml',
    'yml',
    'toml',
    'ini',
    'conf',
    'cfg',
    'nfo',
    'srt',
    'vtt',
    'ass',
    'ssa',
    'lrc',
    'html',
    'htm',
    'css',
    'js',
    'mjs',
    'cjs',
    'py',
    'sh',
    'c',
    'h',
    'cpp',
    'java',
    'go',
    'rs',
    'rb',
    'php',
    'sql',
  ],
});

const MIME_TYPE_KINDS = kindTable({
  archive: [
    'application/zip',
    'application/x-zip-compressed',
    'application/x-7z-compressed',
    'application/vnd.rar',
    'application/x-rar-compressed',
    'application/x-rar',
    'application/x-tar',
    'application/x-gtar',
    'application/gzip',
    'application/x-gzip',
    'application/x-bzip2',
    'application/x-xz',
    'application/zstd',
    'application/x-lzip',
    'application/x-lzma',
    'application/x-compress',
    'application/vnd.ms-cab-compressed',
  ],
  torrent: ['application/x-bittorrent'],
  text: [
    'application/json',
    'application/xml',
    'application/javascript',
    'application/x-javascript',
    'application/typescript',
    'application/x-sh',
    'application/yaml',
    'application/x-yaml',
    'application/toml',
    'application/sql',
    'application/x-subrip',
  ],
});

/** ffprobe's name for animated WebP; it is an image container, not a video. */
const NOT_VIDEO_MIME_TYPE = 'video/webp_pipe';

const CATEGORY_OF_KIND = {
  video: 'VIDEO',
  audio: 'AUDIO',
  image: 'IMAGE',
  archive: 'ARCHIVE',
  text: 'TEXT',
  torrent: 'OTHER',
  // An epub is a zip of pages; a plain-text preview could not show it.
  epub: 'OTHER',
  other: 'OTHER',
} as const satisfies Record<FileKind | ContentKind, FileCategory>;

/**
 * An epub is recognised by either its name or its type; otherwise a media type that names a kind
 * wins over the extension, and a missing, generic or unknown type leaves it to the extension.
 */
export function classifyFile(file: FileIdentity): FileKind {
  const kind = contentKindOf(file);
  return kind === 'text' ? 'other' : kind;
}

export function fileCategoryOf(file: FileIdentity): FileCategory {
  return CATEGORY_OF_KIND[contentKindOf(file)];
}

/** A PDF, by its type or, when the type says nothing more precise, its name. */
export function isPdf({ name, mimeType }: FileIdentity): boolean {
  const type = normaliseMimeType(mimeType);
  if (type === 'application/pdf') return true;
  return (type === '' || type === 'application/octet-stream') && name !== undefined && fileExtension(name) === 'pdf';
}

const UNSUPPORTED_AUDIO_CODECS: ReadonlySet<string> = new Set(['eac3', 'e-ac-3', 'ec-3', 'ec3']);

/** E-AC-3 audio has no decoder in browsers, so such media is played without its sound or not at all. */
export function isUnsupportedAudioCodec(codec: string | undefined): boolean {
  return codec !== undefined && UNSUPPORTED_AUDIO_CODECS.has(codec.trim().toLowerCase());
}

/** Lowercase extension without the dot; '' when there is none (a leading-dot name like .bashrc has none). */
export function fileExtension(name: string): string {
  const baseName = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  const dot = baseName.lastIndexOf('.');
  return dot > 0 ? baseName.slice(dot + 1).toLowerCase() : '';
}

function contentKindOf({ name, mimeType }: FileIdentity): FileKind | ContentKind {
  const extension = name === undefined ? '' : fileExtension(name);
  const type = normaliseMimeType(mimeType);
  if (extension === EPUB_EXTENSION || type === EPUB_MIME_TYPE) return 'epub';
  return kindOfMimeType(type) ?? EXTENSION_KINDS.get(extension) ?? 'other';
}

function kindOfMimeType(type: string): ContentKind | undefined {
  const listed = MIME_TYPE_KINDS.get(type);
  if (listed) return listed;
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/') && type !== NOT_VIDEO_MIME_TYPE) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  if (type.startsWith('text/')) return 'text';
  return undefined;
}

/** 'Video/MP4; codecs="avc1"' → 'video/mp4'. */
function normaliseMimeType(mimeType: string | undefined): string {
  return (mimeType ?? '').split(';', 1)[0]!.trim().toLowerCase();
}

function kindTable(lists: Partial<Record<ContentKind, readonly string[]>>): ReadonlyMap<string, ContentKind> {
  const table = new Map<string, ContentKind>();
  for (const [kind, keys] of Object.entries(lists) as [ContentKind, readonly string[]][]) {
    for (const key of keys) table.set(key, kind);
  }
  return table;
}
