import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAT_MODULE, STATS_PATH } from '#shared/statistics.ts';
import { STATS_PER_IP } from '../services/statistics.ts';
import { startTestServer, type TestServer } from '../testing/harness.ts';

// No database is involved: one engine is enough.
describe('statistic events (POST /v1/stats)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(async () => server?.dispose());

  const send = (body: string, contentType = 'text/plain;charset=UTF-8') =>
    fetch(server.url + STATS_PATH, { method: 'POST', body, headers: { 'content-type': contentType } });

  it('accepts an event sent as a beacon (JSON in a text/plain body)', async () => {
    const response = await send(JSON.stringify({ module: STAT_MODULE, event: 'block_page_show', data: { page_path: '/s/abc', share_id: 'abc' } }));
    expect(response.status).toBe(204);
  });

  it('accepts an event sent as application/json', async () => {
    const response = await send(JSON.stringify({ module: STAT_MODULE, event: 'sidebar_click' }), 'application/json');
    expect(response.status).toBe(204);
  });

  it('refuses an event that is not in the catalogue with invalid_request', async () => {
    const response = await send(JSON.stringify({ module: STAT_MODULE, event: 'something_else' }));
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe('invalid_request');
  });

  it('refuses a body that is not JSON with invalid_request, not a server error', async () => {
    const response = await send('not json at all');
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe('invalid_request');
  });

  it('refuses more than its share of events from one address with too_many_requests', async () => {
    const body = JSON.stringify({ module: STAT_MODULE, event: 'sidebar_click' });
    let last = 0;
    for (let i = 0; i <= STATS_PER_IP.max; i += 1) last = (await send(body)).status;
    expect(last).toBe(429);
  });
});
