import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '#shared/i18n/locales.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { ServiceError } from './errors.ts';
import { ENGINES, startTestServer, type TestServer } from './testing/harness.ts';

describe.each(ENGINES)('readiness on %s', (engine) => {
  it('answers /readyz 503 naming the blob store, then the database too, once they stop answering, while /healthz goes on', async () => {
    const server = await startTestServer(engine);
    try {
      if (server.config.blobStore.driver !== 'local') throw new Error('the test server stores blobs on disk');
      rmSync(server.config.blobStore.dir, { recursive: true, force: true });
      let response = await fetch(`${server.url}/readyz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ error: 'service_unavailable', details: [{ down: 'blob_store' }] });

      await server.database.close();
      response = await fetch(`${server.url}/readyz`);
      expect(await response.json()).toMatchObject({ error: 'service_unavailable', details: [{ down: 'database' }, { down: 'blob_store' }] });
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await server.dispose();
    }
  });
});

describe.each(ENGINES)('server on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.dispose();
  });

  it('answers /healthz with the engine and version', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', database: engine, version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
  });

  it('answers /readyz while its database and blob store answer', async () => {
    const response = await fetch(`${server.url}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ready', database: 'ok', blob_store: 'ok' });
  });

  it('ran the migrations on start (the migration table exists)', async () => {
    const tables = await server.database.db.introspection.getTables({ withInternalKyselyTables: true });
    expect(tables.map((t) => t.name)).toContain('kysely_migration');
  });

  it('answers an unknown API path with a JSON not_found error', async () => {
    const response = await fetch(`${server.url}/drive/v1/no-such-thing?x=1`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ error: 'not_found', error_code: 5, error_description: 'Page not found: /drive/v1/no-such-thing' });
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const response = await fetch(`${server.url}/api/openapi.json`);
    expect(response.status).toBe(200);
    const document = await response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/healthz'].get.responses['200'].content['application/json'].schema.properties.database).toBeDefined();
    expect(document.paths['/i18n/{locale}/messages.json']).toBeDefined();
    expect(document.paths['/*']).toBeUndefined();
  });
});

describe('i18n messages', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(async () => server?.dispose());

  it.each(LOCALES)('serves %s messages cached for 24 hours', async (locale) => {
    const response = await fetch(`${server.url}/i18n/${locale}/messages.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
    const messages = await response.json();
    expect(Object.keys(messages).length).toBeGreaterThan(0);
  });

  it('answers 304 when the messages did not change', async () => {
    const first = await fetch(`${server.url}/i18n/ja/messages.json`);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const second = await fetch(`${server.url}/i18n/ja/messages.json`, { headers: { 'If-None-Match': etag ?? '' } });
    expect(second.status).toBe(304);
  });

  it('answers not_found for a locale Nubo does not have', async () => {
    const response = await fetch(`${server.url}/i18n/fr/messages.json`);
    expect(response.status).toBe(404);
    expect((await response.json()).error).toBe('not_found');
  });
});

describe('errors in the API shape', () => {
  let url: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'nubo-errors-')) });
    const database = openDatabase({ engine: 'sqlite', file: ':memory:' });
    await database.migrate();
    const app = await buildApp({ config, database, logger: false });
    app.post('/test/echo', { schema: { body: Type.Object({ name: Type.String({ minLength: 1 }) }) } }, async (request) => request.body);
    app.get('/test/missing', async () => {
      throw new ServiceError('file_not_found', 'That file is gone.');
    });
    app.get('/test/crash', async () => {
      throw new Error('secret database password is hunter2');
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(async () => close?.());

  it('turns a ServiceError into its named error and status', async () => {
    const response = await fetch(`${url}/test/missing`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'file_not_found', error_code: 5, error_description: 'That file is gone.' });
  });

  it('answers invalid_request with the failing field for a body that breaks the schema', async () => {
    const response = await fetch(`${url}/test/echo`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: '' }) });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toBe('invalid_request');
    expect(body.error_code).toBe(3);
    expect(body.details[0].field).toBe('body/name');
  });

  it('answers invalid_request, not 500, for malformed JSON', async () => {
    const response = await fetch(`${url}/test/echo`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"name":' });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe('invalid_request');
  });

  it('answers unsupported_media_type for a body type it does not read', async () => {
    const response = await fetch(`${url}/test/echo`, { method: 'POST', headers: { 'Content-Type': 'text/x-unknown' }, body: 'x' });
    expect(response.status).toBe(415);
    expect((await response.json()).error).toBe('unsupported_media_type');
  });

  it('answers payload_too_large for a body over the limit', async () => {
    const response = await fetch(`${url}/test/echo`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect((await response.json()).error).toBe('payload_too_large');
  });

  it('hides the inner message of a server fault', async () => {
    const response = await fetch(`${url}/test/crash`);
    expect(response.status).toBe(500);
    const body = await response.json();
    expect(body.error).toBe('internal');
    expect(JSON.stringify(body)).not.toContain('hunter2');
  });
});
