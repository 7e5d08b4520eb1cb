// Sign-in and token refresh over real HTTP against an in-process Nubo on SQLite. Floors: one
// argon2id verification at Nubo's cost (the work a sign-in cannot skip) and a /healthz round trip.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashPassword, verifyPassword } from '../server/auth/passwords.ts';
import { loadConfig } from '../server/config.ts';
import { startServer } from '../server/server.ts';
import { TEST_LIMITS } from '../server/testing/harness.ts';
import { percentile, type Table } from './table.ts';

const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 60);
const REFRESHES = Number(process.env.BENCH_REFRESHES ?? 300);

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const result = await work();
  return [performance.now() - start, result];
}

export async function benchAccounts(): Promise<Table> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nubo-bench-accounts-'));
  // Per-address limits lifted: every request here comes from one address.
  const server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' }), {
    logger: false,
    limits: TEST_LIMITS,
  });
  try {
    const post = (route: string, body: unknown) =>
      fetch(server.url + route, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).then(async (r) => {
        if (!r.ok) throw new Error(`${route}: ${r.status} ${await r.text()}`);
        return r.json();
      });
    const password = 'maple-stone-river-7';
    await post('/v1/auth/signup', { email: 'bench@example.org', password, name: 'Bench', client_id: 'nubo-desktop' });
    const signIn = () => post('/v1/auth/signin', { username: 'bench@example.org', password, client_id: 'nubo-desktop' });

    const signInLatencies: number[] = [];
    for (let i = 0; i < SIGN_INS; i++) signInLatencies.push((await timed(signIn))[0]);
    // Throughput with two sign-ins in flight (one per core).
    const [concurrentMs] = await timed(() =>
      Promise.all(
        [0, 1].map(async () => {
          for (let i = 0; i < SIGN_INS / 2; i++) await signIn();
        }),
      ),
    );

    const hash = await hashPassword(password);
    const verifyLatencies: number[] = [];
    for (let i = 0; i < SIGN_INS; i++) verifyLatencies.push((await timed(() => verifyPassword(password, hash)))[0]);

    let refreshToken = (await signIn()).refresh_token as string;
    const refreshLatencies: number[] = [];
    for (let i = 0; i < REFRESHES; i++) {
      const [ms, answer] = await timed(() => post('/v1/auth/token', { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'nubo-desktop' }));
      refreshToken = answer.refresh_token;
      refreshLatencies.push(ms);
    }
    const healthLatencies: number[] = [];
    for (let i = 0; i < REFRESHES; i++) healthLatencies.push((await timed(() => fetch(`${server.url}/healthz`).then((r) => r.text())))[0]);

    return {
      title: `Accounts over HTTP (SQLite, ${SIGN_INS} sign-ins, ${REFRESHES} refreshes)`,
      floorLabel: 'floor',
      rows: [
        ['sign-in p50 (ms) vs argon2id verify p50', percentile(signInLatencies, 50).toFixed(1), percentile(verifyLatencies, 50).toFixed(1)],
        ['sign-in p99 (ms) vs argon2id verify p99', percentile(signInLatencies, 99).toFixed(1), percentile(verifyLatencies, 99).toFixed(1)],
        ['sign-ins per second, 2 in flight', (SIGN_INS / (concurrentMs / 1000)).toFixed(1), (2000 / percentile(verifyLatencies, 50)).toFixed(1)],
        ['token refresh p50 (ms) vs /healthz p50', percentile(refreshLatencies, 50).toFixed(2), percentile(healthLatencies, 50).toFixed(2)],
      ],
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
