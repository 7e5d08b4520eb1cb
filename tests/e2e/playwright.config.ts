// Browser tests: Debian's Chromium (never a downloaded browser) against the real Nubo server as it
// ships (its build, with its V8 flags), started here on a free port with a data folder of its own.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { SERVER_ARGS } from '../../server/process-command.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.ts';

/** A port free now, found by asking the system for one (synchronously: a config cannot wait). */
const freePort = () =>
  execFileSync(
    process.execPath,
    ['-e', 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{process.stdout.write(String(s.address().port));s.close()})'],
    {
      encoding: 'utf8',
    },
  );
// Kept in the environment, so the test workers (which load this file again) see the same ports.
process.env.E2E_PORT ??= freePort();
// The embedded-mode tests frame the app from a host page on this port, which EMBED_ORIGINS allows.
process.env.E2E_EMBED_HOST_PORT ??= freePort();
// The premium tests run a stand-in for Stripe here (server/testing/stripe-stand-in.ts).
process.env.E2E_STRIPE_PORT ??= freePort();
const port = Number(process.env.E2E_PORT);
const embedHostPort = Number(process.env.E2E_EMBED_HOST_PORT);
const baseURL = `http://127.0.0.1:${port}`;
const root = path.resolve(import.meta.dirname, '../..');
// Known to the tests too (process.env), so a test can set up a state no API offers, such as an expired share.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'nubo-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // CI machines have 2 cores shared with the server under test: give assertions room, not luck.
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // One folder per port, so two checkouts can run their browser tests side by side.
  outputDir: path.join(os.tmpdir(), `nubo-e2e-results-${port}`),
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: ['node', ...SERVER_ARGS].map((arg) => `'${arg}'`).join(' '),
    cwd: root,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      // Both loopbacks: tests visit over 127.0.0.1, and come from ::1 to be a blocked visitor.
      HOST: '::',
      BLOCKED_NETWORKS: '::1/128',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Every browser test comes from 127.0.0.1, and the suite signs up more people than an address may in an hour.
      SIGN_UPS_PER_ADDRESS: '10000',
      EMBED_ORIGINS: `http://127.0.0.1:${embedHostPort}`,
      // The download tests' web server runs on loopback, which offline downloads refuse by default.
      OFFLINE_ALLOW_NETWORKS: '127.0.0.1/32',
      // Torrents find their peers through the test's tracker on loopback: no DHT, any free port.
      OFFLINE_DHT: 'off',
      OFFLINE_TORRENT_PORT: '0',
      // The share tests take content down as this moderator; the console tests run it as the operator.
      ADMIN_EMAILS: 'moderator@e2e.example.com,operator@e2e.example.com',
      // A calendar with one campaign ended long ago and others running for decades, so the
      // activity-end tests do not depend on today's date.
      CAMPAIGNS_FILE: path.join(root, 'tests/fixtures/campaigns.e2e.json'),
      // The free tier as without a plans file, and plans the premium tests redeem codes for.
      PLANS_FILE: path.join(root, 'tests/fixtures/plans.e2e.json'),
      // Card payments through the stand-in, which signs its events with this secret.
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
      STRIPE_API_URL: `http://127.0.0.1:${process.env.E2E_STRIPE_PORT}`,
    },
  },
});
