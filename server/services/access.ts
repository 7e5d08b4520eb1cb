// Whether a visitor may see shared content from where they are (SPEC §2.7, §4 "IP access"): the
// operator lists the networks to block (BLOCKED_NETWORKS).
import { BlockList, isIPv4 } from 'node:net';

/** The blocked networks as a BlockList; entries were checked when the configuration was read. */
export function blockListOf(networks: readonly string[]): BlockList {
  const list = new BlockList();
  for (const network of networks) {
    const [address = '', prefix] = network.split('/');
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/** Whether `ip` (as the socket gives it: IPv4 may come mapped into IPv6) is in a blocked network. */
export function isBlocked(list: BlockList, ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped ? mapped[1]! : ip;
  return list.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
}
