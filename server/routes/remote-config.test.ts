import { describe, expect, it } from 'vitest';
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
