// The origin to put in links handed out (downloads, uploads, shares): PUBLIC_URL when the operator
// set it, else the address this request reached Nubo at, so a server on a LAN address or behind
// a new name hands out links its visitors can follow without configuration.
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

export function publicOriginOf(request: FastifyRequest, config: Pick<Config, 'publicUrl' | 'publicUrlSet'>): string {
  return config.publicUrlSet ? config.publicUrl : `${request.protocol}://${request.host}`;
}
