import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { ENGINES, startTestServer } from '../testing/harness.ts';

const ask = (url: string, body: unknown = {}) =>
  fetch(`${url}/config/v1/debug_options`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe.each(ENGINES)('POST /config/v1/debug_options (%s)', (engine) => {
  it('does not allow the debug console unless the operator turned it on', async () => {
    const server = await startTestServer(engine);
    try {
      const answer = await ask(server.url, { uuid: 'device-1', userid: 'user-1' });
      expect([answer.status, await answer.json(), answer.headers.get('cache-control')]).toEqual([
        200,
        { value: { values: { debug_options: { allow_vconsole: false } } } },
        'no-store',
      ]);
    } finally {
      await server.dispose();
    }
  });

  it('allows it with DEBUG_CONSOLE=on, to anyone, signed in or not', async () => {
    const server = await startTestServer(engine, { debugConsole: true });
    try {
      expect(await (await ask(server.url)).json()).toEqual({ value: { values: { debug_options: { allow_vconsole: true } } } });
      expect(await (await ask(server.url, { userid: 'someone' })).json()).toMatchObject({ value: { values: { debug_options: { allow_vconsole: true } } } });
    } finally {
      await server.dispose();
    }
  });

  it('refuses a question with unknown fields', async () => {
    const server = await startTestServer(engine, { debugConsole: true });
    try {
      const answer = await ask(server.url, { allow_vconsole: true });
      expect([answer.status, (await answer.json()).error]).toEqual([400, 'invalid_request']);
    } finally {
      await server.dispose();
    }
  });
});

describe('the config API’s sections (SPEC §7.4)', () => {
  const post = (url: string, path: string, body: unknown) =>
    fetch(`${url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).then(async (r) => [
      r.status,
      await r.json(),
    ]);

  it('answers each section of CLIENT_CONFIG_FILE in the app’s language, else the system’s, else en-US', async () => {
    const clientConfig = {
      basic: { support: 'help@example.org', greeting: { 'en-US': 'Hello', es: 'Hola', 'zh-TW': '你好' } },
      resources: { help: { 'en-US': '/help', ja: '/ja/help' } },
      activity_operation: [{ id: 'a1', title: { 'en-US': 'Check in', ru: 'Отметка' } }],
      external_products: [],
    };
    const server = await startTestServer('sqlite', { clientConfig });
    try {
      expect(await post(server.url, '/config/v1/basic', { client: 'web', data: { language_system: 'es-MX', language_app: 'zh-Hant' } })).toEqual([
        200,
        { value: { language: 'zh-TW', values: { support: 'help@example.org', greeting: '你好' } } },
      ]);
      expect(await post(server.url, '/config/v1/basic', { client: 'web', data: { language_system: 'es-MX' } })).toEqual([
        200,
        { value: { language: 'es', values: { support: 'help@example.org', greeting: 'Hola' } } },
      ]);
      // A locale the value lacks falls back to en-US.
      expect(await post(server.url, '/config/v1/resources', { data: { language: 'ko' } })).toEqual([
        200,
        { value: { language: 'ko', values: { help: '/help' } } },
      ]);
      expect(await post(server.url, '/config/v1/activity_operation', { client: 'web', data: { language_app: 'ru' } })).toEqual([
        200,
        { value: { language: 'ru', values: [{ id: 'a1', title: 'Отметка' }] } },
      ]);
      expect(await post(server.url, '/config/v1/external_products', {})).toEqual([200, { value: { language: 'en-US', values: [] } }]);
    } finally {
      await server.dispose();
    }
  });

  it('stops the server on a file that is not an object of known sections, naming CLIENT_CONFIG_FILE', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'nubo-client-config-'));
    writeFileSync(path.join(dir, 'bad.json'), JSON.stringify({ basics: {} }));
    writeFileSync(path.join(dir, 'list.json'), '[]');
    expect(() => loadConfig({ CLIENT_CONFIG_FILE: path.join(dir, 'bad.json') })).toThrow(/CLIENT_CONFIG_FILE: unknown sections basics/);
    expect(() => loadConfig({ CLIENT_CONFIG_FILE: path.join(dir, 'list.json') })).toThrow(/CLIENT_CONFIG_FILE: .* must hold an object/);
    expect(() => loadConfig({ CLIENT_CONFIG_FILE: path.join(dir, 'missing.json') })).toThrow(/CLIENT_CONFIG_FILE: cannot read/);
    // The shipped file is read as it is.
    expect(loadConfig({}).clientConfig.activity_operation).toHaveLength(1);
  });
});
