// A Nubo server as its own process for a bench, on a free port with a data folder of its own, so
// its memory and CPU are its own and nothing of the bench's process is measured with it.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_ARGS } from '../server/process-command.ts';
import { freePort } from '../server/testing/harness.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

/** A bare node:http server answering 'ok': the floor that start-up and load figures stand beside. */
export const FLOOR_SERVER = `require('node:http').createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT), process.env.HOST)`;

/** A process's resident memory in MiB, as the kernel counts it. */
export function rssMiB(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
}

export type NuboProcess = { url: string; dataDir: string; child: ChildProcess; stop(): void };

/** Waits until `url` answers 200, failing if `child` exits first. */
export async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} did not come up`);
}

/** A Nubo process on a data folder of its own, or on `reuse`'s (another start of the same server), which its stop then leaves. */
export async function startNubo(name: string, env: Record<string, string> = {}, { reuse }: { reuse?: string } = {}): Promise<NuboProcess> {
  const dataDir = reuse ?? mkdtempSync(path.join(os.tmpdir(), `nubo-bench-${name}-`));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...SERVER_ARGS], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: url, LOG_LEVEL: 'warn', ...env },
    stdio: 'ignore',
  });
  const stop = () => {
    child.kill('SIGTERM');
    if (!reuse) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${url}/healthz`, child);
  } catch (failure) {
    stop();
    throw failure;
  }
  return { url, dataDir, child, stop };
}

/** Signs a new person up as a bearer-token client; answers the Authorization header. */
export async function bearerOf(url: string, email: string): Promise<Record<string, string>> {
  const signedUp = await fetch(`${url}/v1/auth/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'maple-stone-river-7', name: 'Bench', client_id: 'nubo-desktop' }),
  }).then((r) => r.json());
  return { Authorization: `Bearer ${signedUp.access_token}` };
}
