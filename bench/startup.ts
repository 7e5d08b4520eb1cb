// Start-up: cold start to the first answered request, and idle memory, beside a bare Node HTTP
// server started the same way (the floor).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SERVER_ARGS } from '../server/process-command.ts';
import { FLOOR_SERVER, rssMiB } from './nubo-process.ts';
import type { Table } from './table.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

type Started = { child: ChildProcess; coldStartMs: number; url: string };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Starts a process and measures the time until its URL first answers 200. */
async function startAndTime(args: string[], env: NodeJS.ProcessEnv, port: number, probePath: string): Promise<Started> {
  const url = `http://127.0.0.1:${port}`;
  const began = performance.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: 'ignore' });
  const deadline = began + 30_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    try {
      const response = await fetch(url + probePath);
      if (response.ok) return { child, coldStartMs: performance.now() - began, url };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  child.kill('SIGKILL');
  throw new Error(`${args.join(' ')} did not answer within 30 s`);
}

async function stop(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function measure(label: string, args: string[], probePath: string, envFor: () => { env: NodeJS.ProcessEnv; cleanup: () => void }) {
  const starts: number[] = [];
  const rss: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const { env, cleanup } = envFor();
    const started = await startAndTime(args, env, await freePort(), probePath);
    starts.push(started.coldStartMs);
    // Idle: after start-up work and a first request have settled.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    rss.push(rssMiB(started.child.pid!));
    await stop(started.child);
    cleanup();
  }
  return { label, coldStartMs: median(starts), idleRssMiB: median(rss) };
}

const nuboEnv = () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nubo-bench-'));
  return { env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
};

export async function benchStartup(): Promise<Table> {
  const floor = await measure('floor: bare node:http server', ['-e', FLOOR_SERVER], '/', () => ({ env: {}, cleanup: () => {} }));
  const nubo = await measure('Nubo (SQLite, site + app + API)', [...SERVER_ARGS], '/healthz', nuboEnv);
  return {
    title: `Server start-up, median of ${RUNS} runs`,
    rows: [
      ['cold start to first 200 (ms)', nubo.coldStartMs.toFixed(0), floor.coldStartMs.toFixed(0)],
      ['idle RSS (MiB)', nubo.idleRssMiB.toFixed(1), floor.idleRssMiB.toFixed(1)],
    ],
  };
}
