// Whether a visitor may see shared content from where they are (SPEC §2.7, §4 "IP access"): the
// operator lists the networks to block (BLOCKED_NETWORKS); the share page asks before it renders,
// without credentials, and remembers a yes for ten minutes.
import { BlockList, isIPv4 } from 'node:net';
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

export const AREA_ACCESSIBLE_PATH = '/drive/v1/privilege/area_accessible';

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

export const accessRoutes: FastifyPluginAsyncTypebox<{ blockedNetworks: readonly string[] }> = async (app, { blockedNetworks }) => {
  const blocked = blockListOf(blockedNetworks);
  app.get(AREA_ACCESSIBLE_PATH, { schema: { tags: ['privilege'], response: { 200: Type.Object({ accessible: Type.Boolean() }) } } }, async (request, reply) => {
    // The answer depends on who asks: never cached by anyone in between.
    reply.header('Cache-Control', 'no-store');
    return { accessible: !isBlocked(blocked, request.ip) };
  });
};
