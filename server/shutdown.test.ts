import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { SERVER_ARGS } from './process-command.ts';

describe('graceful shutdown', () => {
  it('lets a request under way finish and refuses new connections once closing', async () => {
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'nubo-shutdown-')) });
    const database = openDatabase({ engine: 'sqlite', file: ':memory:' });
    await database.migrate();
    const app = await buildApp({ config, database, logger: false });
    let arrived!: () => void;
    const requestArrived = new Promise<void>((resolve) => (arrived = resolve));
    app.get('/test/slow', async () => {
      arrived();
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { finished: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

    const slow = fetch(`${url}/test/slow`).then(async (r) => ({ status: r.status, body: await r.json() }));
    await requestArrived;
    const closing = app.close();
    const afterClose = await fetch(`${url}/healthz`).then(
      (r) => r.status,
      () => 'refused',
    );

    expect(await slow).toEqual({ status: 200, body: { finished: true } });
    await closing;
    await database.close();
    // A new request during close is either turned away (503) or cannot connect at all.
    expect([503, 'refused']).toContain(afterClose);
  });

  it('exits with 0 after SIGTERM, logging that it stopped', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nubo-shutdown-'));
    const child = spawn(process.execPath, [...SERVER_ARGS], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines: string[] = [];
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    let listening!: (url: string) => void;
    const urlReady = new Promise<string>((resolve) => (listening = resolve));
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (match?.[1]) listening(match[1]);
    });
    try {
      const url = await urlReady;
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      const messages = lines.map((line) => JSON.parse(line).msg);
      expect(messages).toContain('stopped');
      // Structured logs: every line is JSON with a level and a time.
      for (const line of lines) expect(JSON.parse(line)).toMatchObject({ level: expect.any(Number), time: expect.any(Number) });
    } finally {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
