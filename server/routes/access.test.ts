import { describe, expect, it } from 'vitest';
import { startTestServer } from '../testing/harness.ts';

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
