import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { startTestServer } from './testing/harness.ts';
import { signUp } from './testing/uploads.ts';

const run = promisify(execFile);
const CLI = path.join(import.meta.dirname, 'cli.ts');
const EXAMPLE = path.resolve(import.meta.dirname, '..', 'content', 'plans.example.json');

function nubo(args: string[], env: Record<string, string>) {
  return run(process.execPath, [CLI, ...args], { env: { ...process.env, ...env } }).then(
    (done) => ({ code: 0, ...done }),
    (failed: { code: number; stdout: string; stderr: string }) => failed,
  );
}

describe('npm run nubo -- codes mint', () => {
  it('writes the codes as CSV, stores only their hashes, and a server on the same database redeems them', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nubo-cli-'));
    const out = path.join(dataDir, 'codes.csv');
    const env = { DATA_DIR: dataDir, PLANS_FILE: EXAMPLE };
    const minted = await nubo(['codes', 'mint', '--plan', 'premium-week', '--count', '3', '--days', '10', '--out', out], env);
    expect(minted.code).toBe(0);
    expect(minted.stderr).toMatch(/minted 3 codes for plan premium-week/);
    const [header, ...rows] = readFileSync(out, 'utf8').trim().split('\n');
    expect(header).toBe('code,plan,expires_at');
    expect(rows).toHaveLength(3);
    // Only the operator may read the file: it holds the only clear copy of the codes.
    expect(statSync(out).mode & 0o777).toBe(0o600);
    const codes = rows.map((row) => row.split(',')[0]!);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    const expires = Date.parse(rows[0]!.split(',')[2]!);
    expect(Math.abs(expires - (Date.now() + 10 * 86_400_000))).toBeLessThan(60_000);

    const config = loadConfig(env);
    const database = openDatabase(config.database);
    const stored = await database.db.selectFrom('activation_code').select(['code_hash', 'plan_id']).execute();
    await database.close();
    expect(stored.map((s) => s.plan_id)).toEqual(['premium-week', 'premium-week', 'premium-week']);
    expect(stored.some((s) => codes.some((code) => s.code_hash.includes(code) || s.code_hash.includes(code.replaceAll('-', ''))))).toBe(false);

    const server = await startTestServer('sqlite', { database: config.database, plans: config.plans });
    try {
      const { browser } = await signUp(server.url);
      const redeemed = await browser.post('/vip/v1/order/activation-code', { activation_code: codes[1] });
      expect(redeemed.status).toBe(200);
      expect(redeemed.body.vip.vip_item[0].surplus_day).toBe(7);
    } finally {
      await server.dispose();
    }
  });

  it('stops with a message, and mints nothing, for an unknown plan or a missing count', async () => {
    const env = { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'nubo-cli-')), PLANS_FILE: EXAMPLE };
    const unknown = await nubo(['codes', 'mint', '--plan', 'gold', '--count', '2'], env);
    expect([unknown.code, unknown.stdout]).toEqual([2, '']);
    expect(unknown.stderr).toMatch(/There is no plan "gold"/);
    const incomplete = await nubo(['codes', 'mint', '--plan', 'premium-week'], env);
    expect(incomplete.code).toBe(2);
    expect(incomplete.stderr).toMatch(/usage: npm run nubo -- codes mint/);
    const database = openDatabase(loadConfig(env).database);
    await database.migrate();
    expect(await database.db.selectFrom('activation_code').select('id').execute()).toEqual([]);
    await database.close();
  });
});
