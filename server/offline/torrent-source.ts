// The BitTorrent engine of offline downloads (webtorrent, in this process: nothing else to
// install). A magnet link or a .torrent is read and its trackers kept only when the network guard
// allows their addresses, so a torrent cannot make Nubo call an internal address: a UDP tracker is
// then reached at the very address checked, an HTTP one through a connector that checks every
// connection again (a name resolving elsewhere later, a redirect). Peers, however they are learned
// (a magnet's x.pe, trackers, peer exchange, the DHT), are connected to only at an address the guard
// permits, never by a name, and the DHT sends nothing to a node the guard refuses. Web seeds and a
// magnet's exact source (xs) are not used: webtorrent fetches them with the global fetch, which
// follows redirects and resolves names where no guard can see. Only the chosen files are fetched,
// into the task's work folder; a restarted task verifies the pieces already there and fetches the
// rest. When the operator has not asked for seeding, a finished torrent leaves the swarm at once.
import { createHash, type Hash } from 'node:crypto';
import dgram from 'node:dgram';
import { isIP } from 'node:net';
import path from 'node:path';
import type { ParsedTorrent } from 'parse-torrent';
import type WebTorrent from 'webtorrent';
import type { Torrent, TorrentFile, Wire } from 'webtorrent';
import { ServiceError } from '../errors.ts';
import { hashFileInto } from '../storage/hash-file.ts';
import { PassingFailure } from '../tasks/worker.ts';
import { type NetworkGuard, notAllowed } from './network-guard.ts';

/** Protocols of trackers Nubo may contact; WebRTC trackers (ws, wss) need WebRTC, which the server has not. */
const CONTACTABLE = new Set(['http:', 'https:', 'udp:']);
/** How long a tracker's name may take to resolve; one that takes longer is left out, as one that does not resolve is. */
const TRACKER_LOOKUP_MS = 5_000;
/** A .torrent bigger than this is not a torrent anyone makes. */
export const TORRENT_FILE_MAX_BYTES = 8 * 1024 * 1024;

export type TorrentConfig = {
  /** Whether to find peers through the DHT as well as trackers. */
  dht: boolean;
  /** The DHT nodes to join it through, as host:port (the DHT's own well-known routers when not given). */
  dhtNodes?: readonly string[] | undefined;
  /** The port peers reach this server on, over TCP and uTP; 0 for any free one. The DHT takes a free port of its own. */
  port: number;
  /** Whether a finished torrent keeps seeding (until its task is deleted or the server stops). */
  seed: boolean;
  /** How long without metadata or a byte before the torrent counts as having no peers. */
  noPeersMs: number;
};

/** A torrent file's place: its folders below the torrent's own folder, and its name. */
export type TorrentEntry = { index: number; folders: string[]; name: string; size: number };

export type FetchedTorrentFile = TorrentEntry & { file: string; hash: string };

export function torrentSource({ guard, config }: { guard: NetworkGuard; config: TorrentConfig }) {
  let client: WebTorrent | undefined;
  let store: ReturnType<typeof tellingStore> | undefined;
  /** Why the engine last stopped by itself (its port taken, say): its torrents end with this, and the next torrent starts another engine. */
  let stoppedBy: Error | undefined;

  async function clientOf(): Promise<WebTorrent> {
    if (client) return client;
    // Loaded when the first torrent comes: most servers never load it.
    const [{ default: WebTorrentClient }, { default: FSChunkStore }] = await Promise.all([import('webtorrent'), import('fs-chunk-store')]);
    store = tellingStore(FSChunkStore);
    const trackerDispatcher = await guardedDispatcher(guard);
    const made = new WebTorrentClient({
      // bittorrent-tracker hands its proxy agents to fetch as the dispatcher of HTTP announces. A UDP
      // announce copies socksProxy through JSON, which throws (out of any caller's reach) when it is
      // missing: null copies, and means no proxy.
      tracker: { proxyOpts: { httpAgent: trackerDispatcher, httpsAgent: trackerDispatcher, socksProxy: null } },
      // The DHT's one socket, through which every query and answer it sends goes, sends only where the guard permits.
      dht: config.dht ? { socket: guardedDatagrams(guard), ...(config.dhtNodes ? { bootstrap: [...config.dhtNodes] } : {}) } : false,
      lsd: false,
      natUpnp: false,
      natPmp: false,
      // Peers reach the torrent port over TCP and uTP, and uTP holds its UDP side: the DHT, which
      // cannot share that socket, answers on a free port of its own (given it, it failed to bind,
      // which stopped the whole engine and left every torrent waiting for nothing).
      torrentPort: config.port,
    });
    // Every peer address, whatever told of it, is looked at here before it is connected to. A peer given
    // by a name (x.pe=localhost:6379, a tracker's peer list) is refused with the private addresses:
    // webtorrent would resolve it as it connects, out of the guard's sight, and swarms hand out addresses.
    made.blocked = { contains: (host) => !guard.permits(host) };
    made.on('error', (failure: Error) => {
      // Most errors are one torrent's or one peer's. One that stops the engine (a port another program
      // holds) ends its torrents, which hear why (see `stopped`), and the next torrent starts afresh.
      if (!made.destroyed) return;
      stoppedBy = failure;
      if (client === made) client = undefined;
    });
    client = made;
    return made;
  }

  /**
   * Calls `end` with a passing failure when the torrent is closed under its caller, the engine
   * having stopped (the caller's own leaving comes after the caller has ended). The engine tells
   * why only after it has closed its torrents, hence the wait of a tick.
   */
  function stopped(torrent: Torrent, end: (failure: Error) => void) {
    torrent.once('close', () =>
      process.nextTick(() =>
        end(new PassingFailure('torrent_no_peers', stoppedBy ? `The torrent engine stopped: ${stoppedBy.message}` : 'The torrent engine stopped.')),
      ),
    );
  }

  /** The torrent a magnet link or a .torrent names, as written: nothing is contacted. */
  async function read(source: string | Uint8Array): Promise<ParsedTorrent> {
    try {
      // Loaded with the first torrent: its fetch polyfill and codecs are no start's business.
      const { default: parseTorrent } = await import('parse-torrent');
      return await parseTorrent(source);
    } catch {
      throw new ServiceError('url_unsupported', typeof source === 'string' ? 'This magnet link names no torrent.' : 'This file is not a torrent.');
    }
  }

  /** The torrent a magnet link or a .torrent names (or `read` gave), with only the trackers the guard allows, and no web seeds. */
  async function parse(source: string | Uint8Array | ParsedTorrent): Promise<ParsedTorrent> {
    const parsed = typeof source === 'string' || source instanceof Uint8Array ? await read(source) : source;
    /** The tracker's address as Nubo will contact it, or nothing when the guard refuses it. */
    const allowed = async (address: string): Promise<string | undefined> => {
      try {
        const url = new URL(address);
        if (!CONTACTABLE.has(url.protocol)) return undefined;
        const [first] = await inTime(guard.check(url), TRACKER_LOOKUP_MS);
        // A UDP announce resolves its name again at each packet, out of the guard's sight: it goes to the address checked.
        if (url.protocol === 'udp:' && first) url.hostname = first.family === 6 ? `[${first.address}]` : first.address;
        return url.href;
      } catch {
        return undefined;
      }
    };
    // All looked up at once, each for a few seconds at most: a magnet link may name dozens, and a
    // resolver that does not answer must not hold the request or the download that reads the link.
    const announce = (await Promise.all(parsed.announce.map(allowed))).filter((address) => address !== undefined);
    // Nor are the addresses webtorrent would fetch with the global fetch: web seeds, and a magnet's .torrent by its exact source (xs).
    const { xs: _exactSource, as: _acceptableSource, ws: _webSeeds, ...kept } = parsed;
    return { ...kept, announce, urlList: [] };
  }

  /** Adds the torrent to the client and waits for its file list (a magnet's comes from peers). */
  async function added(parsed: ParsedTorrent, folder: string, signal: AbortSignal, written?: (index: number, bytes: Uint8Array) => void): Promise<Torrent> {
    // Stopped before it began (the server stopping): no torrent is added.
    signal.throwIfAborted();
    const torrents = await clientOf();
    if (await torrents.get(parsed.infoHash))
      throw new PassingFailure('torrent_no_peers', 'This torrent is being fetched for another download; trying again later.');
    const torrent = torrents.add(parsed, { path: folder, deselect: true, ...(store ? { store } : {}), storeOpts: { written } });
    torrent.on('wire', boundRequests);
    try {
      await new Promise<void>((resolve, reject) => {
        if (torrent.ready) return resolve();
        // Stopped while the engine was starting: a listener added now would never hear of it.
        if (signal.aborted) return reject(signal.reason);
        const timer = setTimeout(() => reject(new PassingFailure('torrent_no_peers', 'No peer sent this torrent’s file list.')), config.noPeersMs);
        const stop = () => reject(signal.reason);
        signal.addEventListener('abort', stop, { once: true });
        torrent.once('ready', () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', stop);
          resolve();
        });
        torrent.once('error', (failure: Error) => {
          clearTimeout(timer);
          reject(new PassingFailure('torrent_no_peers', failure.message));
        });
        stopped(torrent, (failure) => {
          clearTimeout(timer);
          signal.removeEventListener('abort', stop);
          reject(failure);
        });
      });
    } catch (failure) {
      await leave(torrent);
      throw failure;
    }
    for (const file of torrent.files) {
      // The files are written under the work folder and nowhere else, whatever their names say.
      const target = path.resolve(folder, file.path);
      if (!target.startsWith(path.resolve(folder) + path.sep)) {
        await leave(torrent);
        throw new ServiceError('url_unsupported', 'This torrent names a file outside its own folder.');
      }
    }
    return torrent;
  }

  async function leave(torrent: Torrent) {
    // A torrent closed already (its engine stopped) never calls back.
    if (torrent.destroyed) return;
    await new Promise<void>((resolve) => torrent.destroy({ destroyStore: false }, () => resolve()));
  }

  return {
    read,
    parse,

    /** The torrent's files, by their index: from a .torrent at once, from peers for a magnet link. */
    async inspect(parsed: ParsedTorrent, folder: string, signal: AbortSignal): Promise<{ name: string; files: TorrentEntry[] }> {
      if (parsed.files) return { name: parsed.name ?? parsed.infoHash, files: entriesOf(parsed.files) };
      const torrent = await added(parsed, folder, signal);
      try {
        return { name: torrent.name, files: entriesOf(torrent.files) };
      } finally {
        await leave(torrent);
      }
    },

    /**
     * Fetches the chosen files (every file when none are chosen) into `folder`, then hashes each;
     * `progress` hears of the bytes of the chosen files fetched so far.
     */
    async download(
      parsed: ParsedTorrent,
      folder: string,
      options: { files: readonly number[] | undefined; signal: AbortSignal; progress(bytesDone: number, size: number, speed: number): void },
    ): Promise<{ name: string; total: number; files: FetchedTorrentFile[] }> {
      const hashing = piecesHasher();
      const torrent = await added(parsed, folder, options.signal, hashing.written);
      let seeding = false;
      try {
        const chosen = options.files?.length ? torrent.files.filter((_, index) => options.files!.includes(index)) : torrent.files;
        if (chosen.length === 0)
          throw new ServiceError('invalid_request', 'None of the chosen files is in this torrent.', [{ field: 'files', reason: 'none' }]);
        for (const file of chosen) file.select();
        const size = chosen.reduce((sum, file) => sum + file.length, 0);
        hashing.follow(
          torrent.pieceLength,
          chosen.map((file) => ({ path: path.join(folder, file.path), offset: file.offset, length: file.length })),
        );
        await finished(torrent, chosen, size, options);
        const hashes = await hashing.digests();
        const entries = entriesOf(torrent.files);
        const fetched = chosen.map(
          (file, at): FetchedTorrentFile => ({ ...entries[torrent.files.indexOf(file)]!, file: path.join(folder, file.path), hash: hashes[at]! }),
        );
        seeding = config.seed;
        return { name: torrent.name, total: torrent.files.length, files: fetched };
      } finally {
        if (!seeding) await leave(torrent);
      }
    },

    /** Leaves a torrent still seeding (its task was deleted). */
    async stopSeeding(infoHash: string) {
      const torrent = await client?.get(infoHash);
      if (torrent) await leave(torrent);
    },

    async close() {
      const closing = client;
      client = undefined;
      if (closing) await new Promise<void>((resolve) => closing.destroy(() => resolve()));
    },
  };

  /** Resolves once every chosen file is complete; fails when no byte comes for the no-peers time. */
  function finished(
    torrent: Torrent,
    chosen: readonly TorrentFile[],
    size: number,
    options: { signal: AbortSignal; progress(bytesDone: number, size: number, speed: number): void },
  ): Promise<void> {
    return new Promise((resolve, reject) => {
      let lastBytes = -1;
      let lastChange = Date.now();
      const check = () => {
        const done = chosen.reduce((sum, file) => sum + Math.min(file.downloaded, file.length), 0);
        try {
          options.progress(done, size, torrent.downloadSpeed);
        } catch (refusal) {
          // The service refused to go on (a quota): the download ends with that refusal.
          return end(refusal as Error);
        }
        if (chosen.every((file) => file.done)) return end();
        if (done !== lastBytes) {
          lastBytes = done;
          lastChange = Date.now();
        } else if (Date.now() - lastChange > config.noPeersMs) {
          end(new PassingFailure('torrent_no_peers', torrent.numPeers === 0 ? 'No peer shares this torrent.' : 'The peers stopped sending.'));
        }
      };
      const timer = setInterval(check, 250);
      const stop = () => end(options.signal.reason as Error);
      if (options.signal.aborted) return stop();
      options.signal.addEventListener('abort', stop, { once: true });
      torrent.on('error', (failure: Error) => end(new PassingFailure('torrent_no_peers', failure.message)));
      stopped(torrent, end);
      function end(failure?: Error) {
        clearInterval(timer);
        options.signal.removeEventListener('abort', stop);
        if (failure) reject(failure);
        else resolve();
      }
      check();
    });
  }
}

export type TorrentSource = ReturnType<typeof torrentSource>;

/**
 * Blocks (16 KiB each) asked of one peer at once, at most. webtorrent asks each peer for a second's
 * worth of what it sends, and keeps each block that came until its piece is whole: at 100 MB/s
 * from one peer that was 6,400 blocks, tens of MiB held at once (and over uTP the bursts of answers
 * came slower than fewer requests do); pieces also came far out of order, so that hashing them as
 * they came gave up and read the whole download again at the end. 64 blocks, 1 MiB in flight, still
 * let a peer 100 ms away send 10 MB/s, and a torrent has many peers.
 */
const REQUESTS_PER_PEER = 64;

/** Pieces waiting for an earlier one, at most: past it, the files are hashed from disk at the end instead. */
const WAITING_PIECES_MAX_BYTES = 4 * 1024 * 1024;

/**
 * Bounds the requests in flight to one peer, through the limit a peer may set for itself (reqq, in
 * its extended handshake), which webtorrent honours: the lower of the peer's own and ours.
 */
function boundRequests(wire: Wire) {
  const bound = () => {
    const own = wire.peerExtendedHandshake.reqq;
    wire.peerExtendedHandshake.reqq = typeof own === 'number' && own > 0 ? Math.min(own, REQUESTS_PER_PEER) : REQUESTS_PER_PEER;
  };
  bound();
  // The peer's handshake, when it comes, takes the place of the empty one.
  wire.on('extended', (extension: string) => {
    if (extension === 'handshake') bound();
  });
}

/** webtorrent's store of pieces on disk (fs-chunk-store), telling `written` of each piece once it is there (its bytes, already in memory). */
function tellingStore(FSChunkStore: typeof import('fs-chunk-store').default) {
  return class TellingStore extends FSChunkStore {
    readonly #written: ((index: number, bytes: Uint8Array) => void) | undefined;
    constructor(chunkLength: number, options: Record<string, unknown>) {
      super(chunkLength, options);
      this.#written = options.written as ((index: number, bytes: Uint8Array) => void) | undefined;
    }
    override put(index: number, bytes: Uint8Array, callback?: (error?: Error | null) => void) {
      super.put(index, bytes, (error) => {
        if (!error) this.#written?.(index, bytes);
        callback?.(error);
      });
    }
  };
}

/**
 * The SHA-256 of each chosen file, computed from the pieces as they are written, in the file's
 * order (a piece that comes early waits for the ones before it), so at the last piece little is
 * left to hash and nothing is read again. What could not be hashed that way (pieces already on
 * disk from an earlier attempt, or too many waiting) is read from the files at the end.
 */
export function piecesHasher() {
  let pieceLength = 0;
  let files: { path: string; offset: number; length: number; hash: Hash; hashed: number }[] = [];
  const waiting = new Map<number, Uint8Array>();
  let waitingBytes = 0;
  let gaveUp = false;

  /** Hashes on each file through the pieces there are, in order. */
  function hashOn() {
    for (const file of files) {
      while (file.hashed < file.length) {
        const at = file.offset + file.hashed;
        const index = Math.floor(at / pieceLength);
        const bytes = waiting.get(index);
        if (!bytes) break;
        const start = index * pieceLength;
        const upTo = Math.min(start + bytes.length, file.offset + file.length);
        file.hash.update(bytes.subarray(at - start, upTo - start));
        file.hashed += upTo - at;
      }
    }
    // A piece before every file's next one is needed no more.
    const next = Math.min(...files.filter((file) => file.hashed < file.length).map((file) => Math.floor((file.offset + file.hashed) / pieceLength)));
    for (const [index, bytes] of waiting)
      if (index < next) {
        waiting.delete(index);
        waitingBytes -= bytes.length;
      }
  }

  return {
    /** The store's hook: a piece is on disk. */
    written(index: number, bytes: Uint8Array) {
      if (gaveUp || files.length === 0) return;
      waiting.set(index, bytes);
      waitingBytes += bytes.length;
      hashOn();
      if (waitingBytes > WAITING_PIECES_MAX_BYTES) {
        gaveUp = true;
        waiting.clear();
      }
    },
    /** The files to hash (where each is on disk, and its place in the torrent's bytes), once they are chosen. */
    follow(length: number, chosen: readonly { path: string; offset: number; length: number }[]) {
      pieceLength = length;
      files = chosen.map((file) => ({ ...file, hash: createHash('sha256'), hashed: 0 }));
    },
    /** Each chosen file's SHA-256, the part not hashed on the way read from disk. */
    async digests(): Promise<string[]> {
      waiting.clear();
      const digests = [];
      for (const file of files) {
        await hashFileInto(file.hash, file.path, { start: file.hashed, end: file.length });
        digests.push(file.hash.digest('hex'));
      }
      return digests;
    },
  };
}

/**
 * The dispatcher of HTTP tracker announces: every connection, the first and each redirect's, is
 * made only to an address the guard permits, names resolved through the guard at that moment.
 */
async function guardedDispatcher(guard: NetworkGuard) {
  const { Agent, buildConnector } = await import('undici');
  const connect = buildConnector({ lookup: guard.lookup });
  return new Agent({
    connect(options, callback) {
      const host = options.hostname.replace(/^\[(.*)\]$/, '$1');
      // An address written out is never looked up, so the lookup cannot refuse it: it is checked here.
      if (isIP(host) && !guard.permits(host)) return callback(notAllowed(host), null);
      connect(options, callback);
    },
  });
}

/**
 * The DHT's UDP socket, sending only to addresses the guard permits. The DHT learns nodes from
 * other nodes' answers and from peers (their PORT message), any of which may name an address inside
 * the server's network; every query, answer and error it sends leaves through this socket, so this
 * is where each datagram's address is checked. A query to a refused node goes unanswered, as one to a
 * node that is gone does, and the DHT forgets it.
 */
export function guardedDatagrams(guard: NetworkGuard): dgram.Socket {
  const socket = dgram.createSocket('udp4');
  const send = socket.send.bind(socket) as (...args: unknown[]) => void;
  socket.send = ((...args: unknown[]) => {
    // send(bytes, [offset, length,] port, address, [callback]): the address comes after the port.
    const address = args[typeof args[2] === 'number' ? 4 : 2];
    if (typeof address === 'string' && guard.permits(address)) return send(...args);
    // No address is refused too: the socket would send to its own machine.
    const callback = args.at(-1);
    if (typeof callback === 'function') process.nextTick(callback, notAllowed(typeof address === 'string' ? address : 'localhost'));
  }) as typeof socket.send;
  return socket;
}

/** What `work` answers, or a failure once `ms` have passed without an answer. */
function inTime<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`No answer in ${ms} ms.`)), ms);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/** Each file's folders below the torrent's own folder (a single-file torrent has none) and its name. */
function entriesOf(files: ReadonlyArray<{ path: string; length: number }>): TorrentEntry[] {
  return files.map((file, index) => {
    const parts = file.path.split(/[\\/]/).filter(Boolean);
    return { index, folders: parts.slice(1, -1), name: parts.at(-1) ?? `file ${index + 1}`, size: file.length };
  });
}
