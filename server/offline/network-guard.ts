// Which addresses the server may contact on a user's behalf. A link handed to an offline download
// is the user's choice of where Nubo connects, so without this guard any user could make the
// server reach its own loopback, the private network behind it or a cloud's metadata service
// (SSRF). The check runs on the addresses a name resolves to, at the moment of connecting (so a
// name that resolves differently a second time gains nothing), and on every redirect hop.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { ServiceError } from '../errors.ts';

/** Ranges that are not the public internet: loopback, private, shared, link-local (cloud metadata), multicast, reserved, documentation. */
const NOT_PUBLIC: ReadonlyArray<[string, number, 'ipv4' | 'ipv6']> = [
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.0.2.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['198.51.100.0', 24, 'ipv4'],
  ['203.0.113.0', 24, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  // The unspecified address, loopback and the old IPv4-compatible form (::a.b.c.d).
  ['::', 96, 'ipv6'],
  // NAT64, 6to4, Teredo and IPv4-translated (::ffff:0:a.b.c.d) carry an IPv4 address inside, which may be a private one.
  ['64:ff9b::', 96, 'ipv6'],
  ['64:ff9b:1::', 48, 'ipv6'],
  ['2002::', 16, 'ipv6'],
  ['2001::', 32, 'ipv6'],
  ['::ffff:0:0:0', 96, 'ipv6'],
  ['100::', 64, 'ipv6'],
  ['2001:db8::', 32, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['fec0::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
];

/** Resolves a host name to all its addresses (the system resolver; tests give their own). */
export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolve: ResolveHost = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (failure, addresses) => (failure ? reject(failure) : resolve(addresses))),
  );

export type NetworkGuard = ReturnType<typeof networkGuard>;

/**
 * `allow`: networks (addresses or CIDR ranges) the operator lets Nubo reach although they are not
 * public, e.g. 127.0.0.0/8 for tests or a LAN mirror.
 */
export function networkGuard({ allow = [], resolve = systemResolve }: { allow?: readonly string[]; resolve?: ResolveHost } = {}) {
  const notPublic = new BlockList();
  for (const [address, prefix, family] of NOT_PUBLIC) notPublic.addSubnet(address, prefix, family);
  const allowed = new BlockList();
  for (const network of allow) {
    const [address = '', prefix] = network.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) allowed.addAddress(address, family);
    else allowed.addSubnet(address, Number(prefix), family);
  }

  /**
   * Whether an address written out may be contacted. Anything else is refused: a name reaches
   * whatever it resolves to when it is connected to, and the system resolver also reads numbers
   * spelled in other ways (2130706433, 0x7f.1, 0177.0.0.1, 127.1) as addresses, so a name is only
   * ever contacted through `check` or `lookup`, which resolve it and judge what it resolves to.
   */
  function permits(address: string): boolean {
    const literal = address.replace(/^\[(.*)\]$/, '$1');
    const version = isIP(literal);
    if (version === 0) return false;
    const family = version === 6 ? 'ipv6' : 'ipv4';
    try {
      // An IPv4 range also matches the same addresses written as IPv4-mapped IPv6 (::ffff:a.b.c.d, ::ffff:7f00:1).
      return allowed.check(literal, family) || !notPublic.check(literal, family);
    } catch {
      return false;
    }
  }

  /** Resolves a host and answers its addresses, refusing it when any of them is not permitted. */
  async function addressesOf(hostname: string): Promise<LookupAddress[]> {
    const literal = hostname.replace(/^\[(.*)\]$/, '$1');
    const addresses = isIP(literal) ? [{ address: literal, family: isIP(literal) }] : await resolve(literal);
    if (addresses.length === 0) throw new ServiceError('url_unreachable', `"${hostname}" has no address.`);
    // All of them: a name that resolves to one public and one private address must not get a chance at the private one.
    const refused = addresses.find(({ address }) => !permits(address));
    if (refused) throw notAllowed(hostname);
    return addresses;
  }

  /** For http(s).request: the lookup that connects only to permitted addresses. */
  const lookup: LookupFunction = (hostname, options, callback) => {
    addressesOf(hostname).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
        if (options.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, wanted);
        else if (wanted[0]) callback(null, wanted[0].address, wanted[0].family);
        else callback(Object.assign(new Error(`"${hostname}" has no address of the family asked for`), { code: 'ENOTFOUND' }), '', 0);
      },
      (failure: unknown) => callback(failure as NodeJS.ErrnoException, '', 0),
    );
  };

  return {
    permits,
    /** Checks a URL's host before anything is sent (an address literal is never looked up, so it is checked here); answers its addresses. */
    check: (url: URL): Promise<LookupAddress[]> => addressesOf(url.hostname),
    lookup,
  };
}

export function notAllowed(hostname: string): ServiceError {
  return new ServiceError('url_not_allowed', `"${hostname}" is a private or local address, which Nubo does not fetch.`);
}
