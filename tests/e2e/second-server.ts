// A second real Nubo server for the browser tests that need other settings than the suite's
// (debug console, e-mail): the same build and flags, its own data folder and free port, and
// PUBLIC_URL set to the address the test visits.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SERVER_ARGS } from '../../server/process-command.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A second real Nubo server (the same entry as the suite's) with other settings, on a free port. */
export async function startNubo(env: Record<string, string>): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nubo-e2e-site-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...SERVER_ARGS], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: 'ignore',
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      // A graceful stop waits for requests under way; the test's own server need not.
      const hurry = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(hurry);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`the second Nubo server did not start at ${url}`);
}
