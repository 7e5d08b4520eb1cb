import { describe, expect, it } from 'vitest';
import { networkGuard, type ResolveHost } from './network-guard.ts';
import { torrentSource } from './torrent-source.ts';

const INFO_HASH = 'a87c503430725fb9fc714b5372817c71be275f61';

describe('reading a torrent’s addresses', () => {
  const names: Record<string, string> = { 'tracker.example': '127.0.0.2', 'inside.example': '10.0.0.1' };
  const resolve: ResolveHost = async (hostname) => [{ address: names[hostname] ?? '203.0.113.9', family: 4 }];
  const torrents = torrentSource({
    guard: networkGuard({ allow: ['127.0.0.2/32'], resolve }),
    config: { dht: false, port: 0, seed: false, noPeersMs: 1000 },
  });
  const magnet = (...params: string[]) => `magnet:?xt=urn:btih:${INFO_HASH}&dn=x&${params.join('&')}`;

  it('pins a UDP tracker to the address checked, keeps an HTTP tracker’s name, and drops trackers the guard refuses', async () => {
    const parsed = await torrents.parse(
      magnet(
        `tr=${encodeURIComponent('udp://tracker.example:6969/announce')}`,
        `tr=${encodeURIComponent('http://tracker.example:8000/announce')}`,
        `tr=${encodeURIComponent('udp://inside.example:6969')}`,
        `tr=${encodeURIComponent('http://169.254.169.254/announce')}`,
        `tr=${encodeURIComponent('wss://tracker.example/announce')}`,
      ),
    );
    expect(parsed.announce).toEqual(['udp://127.0.0.2:6969/announce', 'http://tracker.example:8000/announce']);
  });

  it('keeps no web seed and no exact source, which would be fetched out of the guard’s sight', async () => {
    const parsed = await torrents.parse(
      magnet(`ws=${encodeURIComponent('http://tracker.example/seed/')}`, `xs=${encodeURIComponent('http://tracker.example/x.torrent')}`),
    );
    expect(parsed.urlList).toEqual([]);
    expect(parsed.xs).toBeUndefined();
    expect(parsed.infoHash).toBe(INFO_HASH);
  });
});
