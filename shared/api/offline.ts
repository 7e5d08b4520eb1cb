// The offline-downloads API (API.md Files UPLOAD_TYPE_URL, Offline downloads): a link (http, https,
// magnet) or a .torrent already in the drive, handed to the server, which fetches it into the drive
// as a task. Inspecting answers what a link holds without fetching its content.
import { type Static, Type } from 'typebox';
import { FILE_CATEGORIES } from '../files/classify.ts';
import { Int64String, oneOf } from './resources.ts';
import { TaskSchema } from './tasks.ts';

export const OFFLINE_PATHS = {
  inspect: '/drive/v1/offline:inspect',
} as const;

/** The links a person may hand over; anything else is url_unsupported. */
export const OFFLINE_PROTOCOLS = ['http:', 'https:', 'magnet:'] as const;

/** How many links one paste may hold (one task each). */
export const OFFLINE_MAX_LINKS = 50;

/**
 * Where GET /drive/v1/about tells a user's offline download limits, among its `quotas`: downloads
 * started today (UTC) and downloads at once (waiting, running or paused).
 */
export const OFFLINE_QUOTAS = { daily: 'offline_daily', active: 'offline_active' } as const;

/**
 * What to fetch: a link, or (ours) a .torrent file of the drive by its id. `files` names, for a
 * torrent, the indexes of the files to download (all of them when absent).
 */
export const OfflineSource = Type.Object(
  {
    url: Type.Optional(Type.String({ minLength: 1, maxLength: 8192, description: 'An http, https or magnet link.' })),
    file_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Instead of url: a .torrent file of the drive, by its id.' })),
    files: Type.Optional(
      Type.Array(Type.Integer({ minimum: 0 }), {
        maxItems: 100_000,
        description: "A torrent's files to fetch, by their index in the inspection; all when absent.",
      }),
    ),
  },
  { description: 'What to fetch: a link (url), or a .torrent already in the drive (file_id); one of the two.' },
);
export type OfflineSource = Static<typeof OfflineSource>;

/** The longest Cookie header a link's request may carry (browsers send up to about 8 KB in all). */
export const LINK_COOKIE_MAX_LENGTH = 8192;
/** The longest Referer a link's request may carry. */
export const LINK_REFERER_MAX_LENGTH = 2048;
/** Printable ASCII only: no CR, LF or NUL, so a value can never start another header line. */
const HEADER_VALUE = '^[\\x20-\\x7E]*$';

/**
 * What a web address needs to be fetched as the visitor would (a site that serves a file only to
 * its signed-in visitors): their cookies for that site and the page they found the link on. Sent
 * only to the link's own origin, never to a redirect elsewhere; kept only while the task runs.
 */
export const LinkHeaders = Type.Object(
  {
    cookie: Type.Optional(Type.String({ minLength: 1, maxLength: LINK_COOKIE_MAX_LENGTH, pattern: HEADER_VALUE, description: 'The Cookie header.' })),
    referer: Type.Optional(
      Type.String({ minLength: 1, maxLength: LINK_REFERER_MAX_LENGTH, pattern: HEADER_VALUE, description: 'The Referer header: an http or https address.' }),
    ),
  },
  { additionalProperties: false, description: "Headers for a web address's own server: Cookie and Referer only." },
);
export type LinkHeaders = Static<typeof LinkHeaders>;

/** POST /drive/v1/files with upload_type UPLOAD_TYPE_URL: one task for one link. */
export const CreateOfflineBody = Type.Object({
  kind: Type.Literal('drive#file'),
  upload_type: Type.Literal('UPLOAD_TYPE_URL'),
  url: OfflineSource,
  parent_id: Type.Optional(Type.String({ maxLength: 64 })),
  /** The name to give the file (or a torrent's folder) instead of the one the source gives. */
  name: Type.Optional(Type.String({ maxLength: 1024 })),
  headers: Type.Optional(LinkHeaders),
});
export type CreateOfflineBody = Static<typeof CreateOfflineBody>;

export const CreatedOfflineSchema = Type.Object({
  upload_type: Type.Literal('UPLOAD_TYPE_URL'),
  task: TaskSchema,
});
export type CreatedOffline = Static<typeof CreatedOfflineSchema>;

export const OFFLINE_SOURCE_KINDS = ['http', 'magnet', 'torrent'] as const;

/** One file of a torrent, by its index in the torrent; `path` is its folders and name, '/'-separated. */
export const InspectedFileSchema = Type.Object({ index: Type.Integer(), path: Type.String(), size: Int64String });

/**
 * How much of what a link holds an inspection learned in the time it waits (about 10 s, so that
 * checking a link never hangs): `complete`, all it tells; `looking_for_files`, a magnet link whose
 * file list no peer has sent yet (its name and info hash are the link's own, its size and files not
 * known); `no_answer_yet`, a web address whose server has not answered yet (its name is the
 * address's). A download can be started in each state: it goes on looking.
 */
export const INSPECTION_STATES = ['complete', 'looking_for_files', 'no_answer_yet'] as const;
export type InspectionState = (typeof INSPECTION_STATES)[number];

/** What a link holds, read without fetching its content. `size` is "-1" when it is not known. */
export const InspectionSchema = Type.Object({
  kind: Type.Literal('drive#resource'),
  source: oneOf(OFFLINE_SOURCE_KINDS),
  url: Type.String(),
  name: Type.String(),
  size: Int64String,
  mime_type: Type.String(),
  file_category: oneOf(FILE_CATEGORIES),
  /** A torrent's files (empty for a web address, and while a magnet link's are looked for). */
  files: Type.Array(InspectedFileSchema),
  state: oneOf(INSPECTION_STATES),
  /** A torrent's info hash, 40 hexadecimal digits; empty for a web address. */
  info_hash: Type.String(),
});
export type Inspection = Static<typeof InspectionSchema>;
