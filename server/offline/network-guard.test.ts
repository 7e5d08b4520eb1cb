import { describe, expect, it } from 'vitest';
import { networkGuard, type ResolveHost } from './network-guard.ts';

describe('which addresses the network guard permits', () => {
  const guard = networkGuard({ allow: ['127.0.0.2/32'] });

  it('permits no name, whatever it would resolve to: it is judged by what it resolves to, through check or lookup', () => {
    // The system resolver reads these numbers as 127.0.0.1 (and 127.0.0.2, which is allowed).
    for (const name of ['localhost', 'example.com', '2130706433', '2130706434', '0x7f.1', '0x7f000001', '0177.0.0.1', '127.1', '017700000001', ''])
      expect(guard.permits(name), name).toBe(false);
  });

  it('refuses loopback, private, shared, link-local and reserved addresses in every way of writing them', () => {
    const inside = [
      '127.0.0.1',
      '127.255.255.254',
      '0.0.0.0',
      '0.1.2.3',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '100.127.255.254',
      '169.254.169.254',
      '192.0.0.1',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '[::]',
      '::1',
      '[::1]',
      '0:0:0:0:0:0:0:1',
      // IPv4-mapped, in each spelling, and in brackets.
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::FFFF:7F00:1',
      '0:0:0:0:0:ffff:7f00:1',
      '[::ffff:127.0.0.1]',
      '[::ffff:7f00:1]',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '::ffff:0.0.0.0',
      '::ffff:100.64.0.1',
      // IPv4-compatible, IPv4-translated, NAT64, 6to4 and Teredo, each of which carries an IPv4 address.
      '::127.0.0.1',
      '::7f00:1',
      '::ffff:0:7f00:1',
      '64:ff9b::7f00:1',
      '64:ff9b:1::a00:1',
      '2002:7f00:1::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'fe80::1%eth0',
      'fec0::1',
      'ff02::1',
      '2001:db8::1',
    ];
    for (const address of inside) expect(guard.permits(address), address).toBe(false);
  });

  it('permits public addresses, written either way, and the networks the operator allows, IPv4-mapped too', () => {
    for (const address of [
      '8.8.8.8',
      '100.128.0.1',
      '::ffff:8.8.8.8',
      '2606:4700:4700::1111',
      '[2606:4700:4700::1111]',
      '2001:4860:4860::8888',
      '127.0.0.2',
      '::ffff:127.0.0.2',
      '::ffff:7f00:2',
    ])
      expect(guard.permits(address), address).toBe(true);
    expect(guard.permits('127.0.0.3')).toBe(false);
  });

  it('checks a URL’s host by what it resolves to, refusing it when any of its addresses is inside', async () => {
    const names: Record<string, string[]> = { 'mirror.example': ['127.0.0.2'], 'split.example': ['203.0.114.9', '10.0.0.1'], 'public.example': ['8.8.4.4'] };
    const resolve: ResolveHost = async (hostname) => (names[hostname] ?? []).map((address) => ({ address, family: 4 }));
    const resolving = networkGuard({ allow: ['127.0.0.2/32'], resolve });
    expect(await resolving.check(new URL('http://public.example/announce'))).toEqual([{ address: '8.8.4.4', family: 4 }]);
    expect(await resolving.check(new URL('udp://mirror.example:6969'))).toEqual([{ address: '127.0.0.2', family: 4 }]);
    await expect(resolving.check(new URL('http://split.example/'))).rejects.toMatchObject({ error: 'url_not_allowed' });
    // The URL parser reads the numbers of an http URL's host as an address; the guard sees that address.
    for (const url of ['http://2130706433/', 'http://0x7f.1/', 'http://0177.0.0.1/', 'http://[::ffff:127.0.0.1]/', 'http://[::]/'])
      await expect(resolving.check(new URL(url)), url).rejects.toMatchObject({ error: 'url_not_allowed' });
  });

  it('resolves the numbers a UDP URL keeps as they are written, and refuses what they stand for', async () => {
    // A udp: URL's host is not parsed as an address, so "2130706433" is looked up as a name: the system resolver reads it as 127.0.0.1.
    const system = networkGuard({ allow: ['127.0.0.2/32'] });
    for (const url of ['udp://2130706433:6969', 'udp://0x7f.1:6969', 'udp://0177.0.0.1:6969', 'udp://127.1:6969'])
      await expect(system.check(new URL(url)), url).rejects.toMatchObject({ error: 'url_not_allowed' });
    expect(await system.check(new URL('udp://2130706434:6969'))).toEqual([{ address: '127.0.0.2', family: 4 }]);
  });
});
