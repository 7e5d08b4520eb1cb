// The parts of webtorrent 3, parse-torrent 11 and bittorrent-tracker 11 that Nubo uses: none of
// them ships types, and @types/webtorrent describes an older API.

declare module 'parse-torrent' {
  export type TorrentFileEntry = { path: string; name: string; length: number; offset: number };
  export type ParsedTorrent = {
    infoHash: string;
    name?: string;
    /** Known for a .torrent file; a magnet link has no file list until its metadata is fetched. */
    files?: TorrentFileEntry[];
    length?: number;
    announce: string[];
    urlList: string[];
    [key: string]: unknown;
  };
  export default function parseTorrent(torrentId: string | Uint8Array | ParsedTorrent): Promise<ParsedTorrent>;
  export function toMagnetURI(parsed: ParsedTorrent): string;
}

declare module 'webtorrent' {
  import type { EventEmitter } from 'node:events';
  import type { ParsedTorrent } from 'parse-torrent';

  export type TorrentFile = EventEmitter & {
    readonly name: string;
    readonly path: string;
    readonly length: number;
    /** Where the file starts in the torrent's bytes. */
    readonly offset: number;
    readonly downloaded: number;
    readonly progress: number;
    readonly done: boolean;
    select(priority?: number): void;
    deselect(): void;
  };

  /** A connection to one peer (bittorrent-protocol's Wire). */
  export type Wire = EventEmitter & {
    /** The peer's extended handshake ({} until it comes); webtorrent asks the peer for at most `reqq` blocks at once. */
    peerExtendedHandshake: { reqq?: unknown; [key: string]: unknown };
    /** Requests from the peer not answered yet. */
    readonly peerRequests: unknown[];
  };

  export type Torrent = EventEmitter & {
    readonly infoHash: string;
    readonly name: string;
    readonly files: TorrentFile[];
    readonly length: number;
    readonly downloaded: number;
    readonly downloadSpeed: number;
    readonly numPeers: number;
    readonly ready: boolean;
    readonly destroyed: boolean;
    readonly magnetURI: string;
    readonly torrentFile: Uint8Array;
    readonly pieceLength: number;
    destroy(opts?: { destroyStore?: boolean }, callback?: (error?: Error) => void): void;
  };

  export type ClientOptions = {
    dht?: boolean | object;
    lsd?: boolean;
    utPex?: boolean;
    natUpnp?: boolean;
    natPmp?: boolean;
    webSeeds?: boolean;
    utp?: boolean;
    torrentPort?: number;
    dhtPort?: number;
    tracker?: boolean | object;
    maxConns?: number;
    /** Bytes a second this client sends at most; -1 for no limit. */
    uploadLimit?: number;
  };

  export type AddOptions = {
    path?: string;
    deselect?: boolean;
    announce?: string[];
    skipVerify?: boolean;
    /** The class that keeps the pieces (fs-chunk-store's by default), made with `storeOpts` among its options. */
    store?: new (
      chunkLength: number,
      options: Record<string, unknown>,
    ) => unknown;
    storeOpts?: Record<string, unknown>;
  };

  export default class WebTorrent extends EventEmitter {
    constructor(options?: ClientOptions);
    /** Peers for which contains(host) is true are never connected to. */
    blocked: { contains(host: string): boolean } | undefined;
    readonly torrents: Torrent[];
    /** Set once the client is destroyed, by its caller or by an error of its own (a port it could not bind). */
    readonly destroyed: boolean;
    add(torrentId: string | Uint8Array | ParsedTorrent, options?: AddOptions, onTorrent?: (torrent: Torrent) => void): Torrent;
    seed(input: string | string[], options?: { announce?: string[]; name?: string }, onSeed?: (torrent: Torrent) => void): Torrent;
    get(torrentId: string): Promise<Torrent | null>;
    remove(torrentId: string | Torrent, options?: { destroyStore?: boolean }, callback?: (error?: Error) => void): Promise<void>;
    destroy(callback?: (error?: Error) => void): void;
  }
}

declare module 'bittorrent-tracker' {
  import type { EventEmitter } from 'node:events';
  import type { Server as HttpServer } from 'node:http';

  export class Server extends EventEmitter {
    constructor(options?: { udp?: boolean; http?: boolean; ws?: boolean; stats?: boolean });
    readonly http: HttpServer;
    listen(port: number, hostname: string, onListening?: () => void): void;
    close(callback?: () => void): void;
  }
}

declare module 'fs-chunk-store' {
  /** webtorrent's store of a torrent's pieces in its files on disk. */
  export default class FSChunkStore {
    constructor(chunkLength: number, options: Record<string, unknown>);
    put(index: number, bytes: Uint8Array, callback?: (error?: Error | null) => void): void;
  }
}
