// Every way the torrent engine learns where a peer or a DHT node is (a magnet's x.pe, a .torrent,
// HTTP trackers' compact and dictionary peer lists, UDP trackers, peer exchange, the DHT) handed an
// address inside the server's network, in every spelling, next to a real seeder. 127.0.0.1 stands
// for the internet (the operator allows it, as OFFLINE_ALLOW_NETWORKS would; the seeder, trackers
// and DHT node are there); the host inside listens at one port on every local address, TCP and
// UDP, and must never be reached. Each download ends only through the seeder the same source told
// of, so each source was read.
import { createHash, randomBytes } from 'node:crypto';
import dgram from 'node:dgram';
import type { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebTorrent from 'webtorrent';
import { networkGuard } from './network-guard.ts';
import { guardedDatagrams, type TorrentConfig, torrentSource } from './torrent-source.ts';

/** The only address the engine may reach here, where the seeder, trackers and DHT node are. */
const OUTSIDE = '127.0.0.1';
/**
 * The host inside by names: the system resolver reads these numbers as 127.0.0.3. A peer's name is
 * refused even when it resolves to an allowed address (localhost), since it would be resolved again
 * as it is connected to, out of the guard's sight.
 */
const NAMED = ['localhost', '2130706435', '0x7f.3', '0177.0.0.3', '127.3'];
/** The host inside by addresses written out. */
const WRITTEN = ['127.0.0.3', '0.0.0.0', '[::1]', '[::]', '[::ffff:127.0.0.3]', '[::ffff:7f00:3]', '[0:0:0:0:0:ffff:7f00:3]'];

describe('peers and DHT nodes inside the server’s network', () => {
  let inside: InsideHost;
  let seeder: Seeder;
  let trackers: Trackers;
  let dhtNode: DhtNode;
  const engines: { close(): Promise<void> }[] = [];
  const folders: string[] = [];
  /** A torrent engine that may reach OUTSIDE (and `allow`) only. */
  function engine(config: Partial<TorrentConfig> = {}, allow = [`${OUTSIDE}/32`]) {
    const source = torrentSource({ guard: networkGuard({ allow }), config: { dht: false, port: 0, seed: false, noPeersMs: 30_000, ...config } });
    engines.push(source);
    return source;
  }
  /** The engine without a DHT, for the sources but the DHT. */
  const plain = engine();
  beforeAll(async () => {
    inside = await startInsideHost();
    seeder = await startSeeder();
    trackers = await startTrackers();
    dhtNode = await startDhtNode();
  });
  afterAll(async () => {
    for (const source of engines) await source.close();
    await Promise.all([inside?.close(), seeder?.close(), trackers?.close(), dhtNode?.close()]);
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  /** Fetches a torrent with `source` and answers its one file's SHA-256. */
  async function fetched(source: ReturnType<typeof engine>, torrent: string | Uint8Array): Promise<string> {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'nubo-peers-'));
    folders.push(folder);
    const parsed = await source.parse(torrent);
    const result = await source.download(parsed, folder, { files: undefined, signal: new AbortController().signal, progress() {} });
    return result.files[0]!.hash;
  }
  const magnet = (infoHash: string, ...params: string[]) => [`magnet:?xt=urn:btih:${infoHash}`, ...params].join('&');
  const atInside = (hosts: readonly string[]) => hosts.map((host) => `${host}:${inside.port}`);

  it('refuses a magnet link’s peers (x.pe) inside, by name or by address', async () => {
    const torrent = await seeder.seed();
    const peers = [...atInside([...NAMED, ...WRITTEN]), `${OUTSIDE}:${seeder.port}`];
    expect(await fetched(plain, magnet(torrent.infoHash, ...peers.map((peer) => `x.pe=${peer}`)))).toBe(torrent.sha256);
    expect(await inside.settled()).toEqual([]);
  });

  it('refuses the peers inside of an HTTP tracker’s compact answer (peers and peers6)', async () => {
    const torrent = await seeder.seed();
    const tracker = trackers.http({
      interval: 600,
      peers: compact4([
        ['127.0.0.3', inside.port],
        ['0.0.0.0', inside.port],
        [OUTSIDE, seeder.port],
      ]),
      peers6: compact6([
        ['::1', inside.port],
        ['::ffff:7f00:3', inside.port],
        ['::', inside.port],
      ]),
    });
    expect(await fetched(plain, magnet(torrent.infoHash, `tr=${encodeURIComponent(tracker)}`))).toBe(torrent.sha256);
    expect(await inside.settled()).toEqual([]);
  });

  // A dictionary's ip may be any bencoded value: a name, an address, or a number the resolver reads as one.
  const dictionaries = () => [...NAMED, ...WRITTEN, '::ffff:127.0.0.3', '::1', 2130706435].map((ip) => ({ ip, port: inside.port }));

  it('refuses the peers inside of an HTTP tracker’s dictionary answer (peers)', async () => {
    const torrent = await seeder.seed();
    // The seeder comes in the same answer, after them, as ::ffff:127.0.0.1.
    const tracker = trackers.http({ interval: 600, peers: dictionaries(), peers6: compact6([['::ffff:7f00:1', seeder.port]]) });
    expect(await fetched(plain, magnet(torrent.infoHash, `tr=${encodeURIComponent(tracker)}`))).toBe(torrent.sha256);
    expect(await inside.settled()).toEqual([]);
  });

  it('refuses the peers inside of an HTTP tracker’s dictionary answer (peers6)', async () => {
    const torrent = await seeder.seed();
    const tracker = trackers.http({ interval: 600, peers: compact4([[OUTSIDE, seeder.port]]), peers6: dictionaries() });
    expect(await fetched(plain, magnet(torrent.infoHash, `tr=${encodeURIComponent(tracker)}`))).toBe(torrent.sha256);
    expect(await inside.settled()).toEqual([]);
  });

  it('refuses the peers inside of a UDP tracker’s answer', async () => {
    const torrent = await seeder.seed();
    trackers.udpPeers = compact4([
      ['127.0.0.3', inside.port],
      ['0.0.0.0', inside.port],
      [OUTSIDE, seeder.port],
    ]);
    expect(await fetched(plain, magnet(torrent.infoHash, `tr=${encodeURIComponent(trackers.udp)}`))).toBe(torrent.sha256);
    expect(trackers.udpAnnounces).toBeGreaterThan(0);
    expect(await inside.settled()).toEqual([]);
  });

  it('refuses the peers inside that a peer tells of by peer exchange (ut_pex)', async () => {
    // The seeder tells of them as soon as the engine says it speaks ut_pex, before any of the torrent is sent.
    const torrent = await seeder.seed({
      added: compact4([
        ['127.0.0.3', inside.port],
        ['0.0.0.0', inside.port],
      ]),
      added6: compact6([
        ['::1', inside.port],
        ['::ffff:7f00:3', inside.port],
        ['::', inside.port],
      ]),
    });
    expect(await fetched(plain, magnet(torrent.infoHash, `x.pe=${OUTSIDE}:${seeder.port}`))).toBe(torrent.sha256);
    expect(torrent.exchanges()).toBeGreaterThan(0);
    expect(await inside.settled()).toEqual([]);
  });

  it('refuses the peers and the DHT nodes inside that DHT nodes answer with', async () => {
    const torrent = await seeder.seed();
    dhtNode.answer(torrent.infoHash, {
      nodes: [
        ['127.0.0.3', inside.port],
        ['0.0.0.0', inside.port],
      ],
      peers: [
        ['127.0.0.3', inside.port],
        ['0.0.0.0', inside.port],
        [OUTSIDE, seeder.port],
      ],
    });
    const withDht = engine({ dht: true, dhtNodes: [`${OUTSIDE}:${dhtNode.port}`] });
    expect(await fetched(withDht, magnet(torrent.infoHash))).toBe(torrent.sha256);
    expect(await inside.settled()).toEqual([]);
  });

  it('contacts none of the DHT nodes, HTTP seeds, web seeds or trackers inside that a .torrent names', async () => {
    const torrent = await seeder.seed();
    const tracker = trackers.http({ interval: 600, peers: compact4([[OUTSIDE, seeder.port]]) });
    const file = bencode({
      ...(bdecode(torrent.torrentFile) as Record<string, BValue>),
      announce: tracker,
      'announce-list': [[tracker], [`http://127.0.0.3:${inside.port}/announce`], [`udp://[::1]:${inside.port}/announce`]],
      nodes: [...NAMED, ...WRITTEN].map((host) => [host.replace(/^\[(.*)\]$/, '$1'), inside.port]),
      httpseeds: [`http://127.0.0.3:${inside.port}/`],
      'url-list': [`http://127.0.0.3:${inside.port}/`],
    });
    // A DHT that knows no node but those the .torrent names.
    const withDht = engine({ dht: true, dhtNodes: [] });
    expect(await fetched(withDht, file)).toBe(torrent.sha256);
    expect(await inside.settled()).toEqual([]);
  });

  it('does reach the host inside when the operator allows its address: what reaches it is counted', async () => {
    const torrent = await seeder.seed();
    dhtNode.answer(torrent.infoHash, { nodes: [['127.0.0.3', inside.port]], peers: [[OUTSIDE, seeder.port]] });
    const allowing = engine({ dht: true, dhtNodes: [`${OUTSIDE}:${dhtNode.port}`] }, [`${OUTSIDE}/32`, '127.0.0.3/32']);
    try {
      expect(await fetched(allowing, magnet(torrent.infoHash, `x.pe=127.0.0.3:${inside.port}`))).toBe(torrent.sha256);
      const reached = await inside.settled();
      // A DHT query (bencoded, "d1:…") and the peer connection (TCP, or a uTP packet first).
      expect(reached.some((contact) => contact.startsWith('udp d1:'))).toBe(true);
      expect(reached.some((contact) => contact.startsWith('tcp') || (contact.startsWith('udp') && !contact.startsWith('udp d1:')))).toBe(true);
    } finally {
      // Its reconnections to the host inside would be counted against the tests after it.
      await allowing.close();
      await inside.settled();
    }
  });
});

describe('the DHT’s socket', () => {
  it('sends to the addresses the guard permits and nowhere else, in every form of send', async () => {
    const receiver = dgram.createSocket('udp6');
    const received: string[] = [];
    await new Promise<void>((resolve) => receiver.bind(0, '::', resolve));
    const { port } = receiver.address();
    const allGot = (count: number) =>
      new Promise<void>((resolve) => {
        if (received.length >= count) resolve();
        receiver.on('message', () => received.length >= count && resolve());
      });
    receiver.on('message', (bytes) => received.push(bytes.toString()));
    const socket = guardedDatagrams(networkGuard({ allow: [`${OUTSIDE}/32`] }));
    await new Promise<void>((resolve) => socket.bind(0, resolve));
    try {
      const refusals: (Error | null)[] = [];
      const sent = (error: Error | null) => refusals.push(error);
      for (const host of [...NAMED, ...WRITTEN.map((h) => h.replace(/^\[(.*)\]$/, '$1')).filter((h) => net.isIPv4(h))]) {
        socket.send(Buffer.from(`refused ${host}`), port, host, sent);
        socket.send(Buffer.from(`refused ${host}`), 0, 7, port, host, sent);
      }
      socket.send(Buffer.from('refused without an address'), port, sent);
      socket.send(Buffer.from('allowed short'), port, OUTSIDE);
      socket.send(Buffer.from('allowed long'), 0, 12, port, OUTSIDE, sent);
      await allGot(2);
      // The allowed datagrams came last: any refused one would have arrived before them.
      expect(received.sort()).toEqual(['allowed long', 'allowed short']);
      expect(refusals.filter((error) => error === null)).toHaveLength(1);
      expect(refusals.filter((error) => error !== null)).toHaveLength(2 * (NAMED.length + 2) + 1);
    } finally {
      socket.close();
      receiver.close();
    }
  });
});

// ---- The host inside ----

const BARRIER = 'barrier';

/**
 * A host inside the server's network: one port, TCP and UDP, on every local address (127.0.0.3,
 * ::1, 0.0.0.0 and the rest; at 127.0.0.1 too, which no test hands out with this port), noting
 * whatever reaches it.
 */
async function startInsideHost() {
  let reached: string[] = [];
  let tcpBarrier: (() => void) | undefined;
  let udpBarrier: (() => void) | undefined;
  const tcp = net.createServer((socket) => {
    const contact = `tcp from ${socket.remoteAddress}`;
    reached.push(contact);
    socket.on('error', () => {});
    socket.once('data', (bytes) => {
      if (bytes.toString() !== BARRIER) return;
      reached.splice(reached.lastIndexOf(contact), 1);
      tcpBarrier?.();
    });
    socket.setTimeout(1000, () => socket.destroy());
  });
  // The same port for both: a free TCP one that is free for UDP too.
  let port = 0;
  let udp: dgram.Socket | undefined;
  for (let attempt = 0; !udp; attempt++) {
    if (attempt === 5) throw new Error('no port free for both TCP and UDP');
    await new Promise<void>((resolve) => tcp.listen(0, '::', resolve));
    port = (tcp.address() as AddressInfo).port;
    const candidate = dgram.createSocket('udp6');
    if (await new Promise<boolean>((resolve) => candidate.once('error', () => resolve(false)).bind(port, '::', () => resolve(true)))) udp = candidate;
    else await new Promise<void>((resolve) => tcp.close(() => resolve()));
  }
  udp.on('message', (bytes, from) => {
    if (bytes.toString() === BARRIER) udpBarrier?.();
    else reached.push(`udp ${bytes.subarray(0, 3).toString('latin1')} from ${from.address}`);
  });
  const bound = udp;
  return {
    port,
    /**
     * What has reached it since the last time, once everything sent before now has arrived: the
     * probes sent now are taken after whatever came before them, in order, on each protocol.
     */
    async settled(): Promise<string[]> {
      await new Promise<void>((resolve) => {
        tcpBarrier = resolve;
        const probe = net.connect({ host: '::1', port }, () => probe.end(BARRIER));
        probe.on('error', () => {});
      });
      await new Promise<void>((resolve) => {
        udpBarrier = resolve;
        const probe = dgram.createSocket('udp6');
        probe.send(BARRIER, port, '::1', () => probe.close());
      });
      const seen = reached;
      reached = [];
      return seen;
    },
    async close() {
      await new Promise<void>((resolve) => tcp.close(() => resolve()));
      await new Promise<void>((resolve) => bound.close(() => resolve()));
    },
  };
}
type InsideHost = Awaited<ReturnType<typeof startInsideHost>>;

// ---- The seeder ----

type Wire = EventEmitter & { peerExtendedMapping: Record<string, number>; extended(name: string, message: Uint8Array): void };

/** A webtorrent seeder listening on every local address; each torrent is one small file of its own. */
async function startSeeder() {
  const client = new WebTorrent({ dht: false, lsd: false, utPex: false, natUpnp: false, natPmp: false, torrentPort: 0 });
  const root = mkdtempSync(path.join(os.tmpdir(), 'nubo-seeder-'));
  let made = 0;
  const address = () => (client as unknown as { address(): AddressInfo | null }).address();
  if (!address()) await new Promise((resolve) => client.once('listening', resolve));
  return {
    port: address()!.port,
    /** Seeds a new torrent; `exchange`, when given, is the ut_pex message sent to every peer that speaks it. */
    async seed(exchange?: Record<string, BValue>) {
      const bytes = randomBytes(64 * 1024);
      const file = path.join(root, `file-${++made}.bin`);
      writeFileSync(file, bytes);
      const torrent = await new Promise<import('webtorrent').Torrent>((resolve) => client.seed(file, { announce: [] }, resolve));
      let exchanges = 0;
      if (exchange)
        torrent.on('wire', (wire: Wire) => {
          const tell = () => {
            wire.extended('ut_pex', bencode(exchange));
            exchanges++;
          };
          if (wire.peerExtendedMapping.ut_pex) tell();
          else wire.on('extended', (name: string) => name === 'handshake' && wire.peerExtendedMapping.ut_pex && tell());
        });
      return {
        infoHash: torrent.infoHash,
        torrentFile: Buffer.from(torrent.torrentFile),
        sha256: createHash('sha256').update(bytes).digest('hex'),
        exchanges: () => exchanges,
      };
    },
    async close() {
      await new Promise<void>((resolve) => client.destroy(() => resolve()));
      rmSync(root, { recursive: true, force: true });
    },
  };
}
type Seeder = Awaited<ReturnType<typeof startSeeder>>;

// ---- Trackers that answer what they are told ----

async function startTrackers() {
  const answers = new Map<string, Record<string, BValue>>();
  const http = createHttpServer((request, response) => {
    const answer = answers.get(new URL(request.url ?? '/', 'http://tracker').pathname);
    response.end(bencode(answer ?? { 'failure reason': 'unknown torrent' }));
  });
  await new Promise<void>((resolve) => http.listen(0, OUTSIDE, resolve));
  const udp = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => udp.bind(0, OUTSIDE, resolve));
  const state = {
    /** The peers the UDP tracker answers every announce with. */
    udpPeers: Buffer.alloc(0) as Buffer,
    udpAnnounces: 0,
    udp: `udp://${OUTSIDE}:${udp.address().port}/announce`,
    /** An HTTP tracker's announce URL that answers every announce with `answer`. */
    http(answer: Record<string, BValue>) {
      const at = `/${answers.size}/announce`;
      answers.set(at, answer);
      return `http://${OUTSIDE}:${(http.address() as AddressInfo).port}${at}`;
    },
    async close() {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await new Promise<void>((resolve) => udp.close(() => resolve()));
    },
  };
  // BEP 15: a connect (action 0) gets a connection id, an announce (action 1) the peers.
  udp.on('message', (request, from) => {
    if (request.length < 16) return;
    const action = request.readUInt32BE(8);
    const transaction = request.subarray(12, 16);
    const head = (code: number) => Buffer.concat([u32(code), transaction]);
    if (action === 0) udp.send(Buffer.concat([head(0), randomBytes(8)]), from.port, from.address);
    else if (action === 1) {
      state.udpAnnounces++;
      udp.send(Buffer.concat([head(1), u32(600), u32(0), u32(1), state.udpPeers]), from.port, from.address);
    }
  });
  return state;
}
type Trackers = Awaited<ReturnType<typeof startTrackers>>;

// ---- A DHT node that answers what it is told ----

type Where = [host: string, port: number];

async function startDhtNode() {
  const id = randomBytes(20);
  const answers = new Map<string, { nodes: Buffer; values: Buffer[] }>();
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, OUTSIDE, resolve));
  socket.on('message', (bytes, from) => {
    let query: Record<string, BValue>;
    try {
      query = bdecode(bytes) as Record<string, BValue>;
    } catch {
      return;
    }
    if (String(query.y) !== 'q') return;
    const args = (query.a ?? {}) as Record<string, BValue>;
    const wanted = args.info_hash instanceof Uint8Array ? answers.get(Buffer.from(args.info_hash).toString('hex')) : undefined;
    const known = [...answers.values()].at(-1);
    const reply: Record<string, BValue> = { id };
    if (String(query.q) === 'find_node') reply.nodes = known?.nodes ?? Buffer.alloc(0);
    if (String(query.q) === 'get_peers') {
      reply.token = Buffer.from('token');
      reply.nodes = wanted?.nodes ?? Buffer.alloc(0);
      if (wanted) reply.values = wanted.values;
    }
    socket.send(bencode({ t: query.t as BValue, y: 'r', r: reply }), from.port, from.address);
  });
  return {
    port: socket.address().port,
    /** What it answers about a torrent: `nodes` to find_node and get_peers, `peers` to get_peers. */
    answer(infoHash: string, { nodes, peers }: { nodes: Where[]; peers: Where[] }) {
      answers.set(infoHash, {
        nodes: Buffer.concat(nodes.map((node) => Buffer.concat([randomBytes(20), compact4([node])]))),
        values: peers.map((peer) => compact4([peer])),
      });
    },
    async close() {
      await new Promise<void>((resolve) => socket.close(() => resolve()));
    },
  };
}
type DhtNode = Awaited<ReturnType<typeof startDhtNode>>;

// ---- Compact addresses and bencode ----

const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};
const portBytes = (port: number) => Buffer.from([port >> 8, port & 255]);

function compact4(peers: readonly Where[]): Buffer {
  return Buffer.concat(peers.map(([host, port]) => Buffer.concat([Buffer.from(host.split('.').map(Number)), portBytes(port)])));
}

/** IPv6 addresses written with at most one "::" and no dotted part. */
function compact6(peers: readonly Where[]): Buffer {
  return Buffer.concat(
    peers.map(([host, port]) => {
      const [head = '', tail] = host.split('::');
      const groups = (part: string | undefined) => (part ? part.split(':') : []);
      const all = tail === undefined ? groups(head) : [...groups(head), ...Array(8 - groups(head).length - groups(tail).length).fill('0'), ...groups(tail)];
      return Buffer.concat([Buffer.from(all.flatMap((group) => [Number.parseInt(group, 16) >> 8, Number.parseInt(group, 16) & 255])), portBytes(port)]);
    }),
  );
}

type BValue = number | string | Uint8Array | BValue[] | { [key: string]: BValue };

function bencode(value: BValue): Buffer {
  if (typeof value === 'number') return Buffer.from(`i${value}e`);
  if (typeof value === 'string' || value instanceof Uint8Array) {
    const bytes = typeof value === 'string' ? Buffer.from(value) : Buffer.from(value);
    return Buffer.concat([Buffer.from(`${bytes.length}:`), bytes]);
  }
  if (Array.isArray(value)) return Buffer.concat([Buffer.from('l'), ...value.map(bencode), Buffer.from('e')]);
  const keys = Object.keys(value).sort();
  return Buffer.concat([Buffer.from('d'), ...keys.flatMap((key) => [bencode(Buffer.from(key, 'latin1')), bencode(value[key]!)]), Buffer.from('e')]);
}

/** Byte strings come back as Buffers, dictionary keys as latin1 strings. */
function bdecode(bytes: Buffer): BValue {
  let at = 0;
  const next = (): BValue => {
    const kind = String.fromCharCode(bytes[at]!);
    if (kind === 'i') {
      const end = bytes.indexOf('e', at);
      const value = Number(bytes.subarray(at + 1, end).toString());
      at = end + 1;
      return value;
    }
    if (kind === 'l' || kind === 'd') {
      at++;
      const items: BValue[] = [];
      while (bytes[at] !== 0x65) {
        if (at >= bytes.length) throw new Error('unterminated');
        items.push(next());
      }
      at++;
      if (kind === 'l') return items;
      const dictionary: Record<string, BValue> = {};
      for (let i = 0; i < items.length; i += 2) dictionary[Buffer.from(items[i] as Uint8Array).toString('latin1')] = items[i + 1]!;
      return dictionary;
    }
    const colon = bytes.indexOf(':', at);
    if (colon < 0) throw new Error('not bencode');
    const length = Number(bytes.subarray(at, colon).toString());
    at = colon + 1 + length;
    return bytes.subarray(colon + 1, at);
  };
  return next();
}
