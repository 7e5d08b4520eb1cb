import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestServer, type TestServer } from '../testing/harness.ts';
import { until } from '../testing/until.ts';
import { createUpload, signUp, tusUpload } from '../testing/uploads.ts';

const TOKEN = 'metrics-token-for-the-tests-0123';

/** The value of one series of the metrics text, e.g. `nubo_uploads_completed_total`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(ENGINES)('metrics on %s', (engine) => {
  let server: TestServer;
  const scrape = async (token = TOKEN) => fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${token}` } });
  beforeAll(async () => {
    server = await startTestServer(engine, { metricsToken: TOKEN });
  });
  afterAll(async () => server?.dispose());

  it('answers only a scraper with METRICS_TOKEN', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    const wrong = await scrape('metrics-token-for-the-tests-9999');
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error).toBe('unauthenticated');
    const right = await scrape();
    expect(right.status).toBe(200);
    expect(right.headers.get('content-type')).toContain('text/plain');
  });

  it('counts uploads, downloads and their bytes, requests by route, tasks by phase, and the event loop', async () => {
    const { browser } = await signUp(server.url);
    const bytes = Buffer.from('twelve bytes');
    const created = await createUpload(browser, 'note.txt', bytes);
    await tusUpload(browser, bytes, { uploadUrl: created.body.resumable.params.url });
    const link = (await browser.get(`/drive/v1/files/${created.body.file.id}`)).body.web_content_link;
    expect(await (await fetch(link)).text()).toBe('twelve bytes');
    await browser.post('/drive/v1/files:batchTrash', { ids: [created.body.file.id] });
    const emptying = await browser.request('PATCH', '/drive/v1/files/trash:empty');
    await until(
      async () => (await browser.get(`/drive/v1/tasks/${emptying.body.task_id}`)).body.phase,
      (phase) => phase === 'PHASE_TYPE_COMPLETE',
      'the trash is emptied',
    );

    const text = await (await scrape()).text();
    expect(sample(text, 'nubo_uploads_completed_total')).toBe(1);
    expect(sample(text, 'nubo_upload_bytes_total')).toBe(12);
    expect(sample(text, 'nubo_downloads_total')).toBe(1);
    expect(sample(text, 'nubo_download_bytes_total')).toBe(12);
    // By the route's pattern, never by the address asked for (ids would make a series each).
    expect(sample(text, 'nubo_http_request_duration_seconds_count{route="/drive/v1/files/:id",method="GET",status="200"}')).toBe(1);
    expect(text).not.toContain(created.body.file.id);
    expect(sample(text, 'nubo_tasks{phase="complete"}')).toBe(1);
    expect(sample(text, 'nubo_process_nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    if (engine === 'postgres') expect(sample(text, 'nubo_db_pool_connections{state="total"}')).toBeGreaterThan(0);
  });
});

describe('without METRICS_TOKEN', () => {
  it('serves no metrics at all', async () => {
    const server = await startTestServer('sqlite');
    try {
      const answer = await fetch(`${server.url}/metrics`, { headers: { Authorization: 'Bearer anything-at-all-here' } });
      expect(answer.status).toBe(404);
      expect(await answer.text()).not.toContain('nubo_');
    } finally {
      await server.dispose();
    }
  });
});
