import { describe, it, expect } from 'vitest';
import { startTestServer } from '../testing/harness.ts';
import { blockListOf, isBlocked } from './access.ts';

describe('blocked networks', () => {
  it('blocks addresses in the listed ranges, IPv4 mapped into IPv6 included', () => {
    const list = blockListOf(['203.0.113.0/24', '198.51.100.7', '2001:db8::/32']);
    expect(isBlocked(list, '203.0.113.200')).toBe(true);
    expect(isBlocked(list, '::ffff:203.0.113.9')).toBe(true);
    expect(isBlocked(list, '198.51.100.7')).toBe(true);
    expect(isBlocked(list, '198.51.100.8')).toBe(false);
    expect(isBlocked(list, '2001:db8::1')).toBe(true);
    expect(isBlocked(list, '2001:db9::1')).toBe(false);
  });
});

describe('GET /drive/v1/privilege/area_accessible', () => {
  it('answers accessible to a visitor from anywhere when nothing is blocked, without credentials', async () => {
    const server = await startTestServer('sqlite');
    try {
      const answer = await fetch(`${server.url}/drive/v1/privilege/area_accessible`);
      expect([answer.status, await answer.json(), answer.headers.get('cache-control')]).toEqual([200, { accessible: true }, 'no-store']);
    } finally {
      await server.dispose();
    }
  });

  it('answers not accessible to a visitor from a blocked network', async () => {
    const server = await startTestServer('sqlite', { blockedNetworks: ['127.0.0.0/8'] });
    try {
      expect(await (await fetch(`${server.url}/drive/v1/privilege/area_accessible`)).json()).toEqual({ accessible: false });
    } finally {
      await server.dispose();
    }
  });
});
