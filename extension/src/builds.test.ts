// The two builds as they ship (npm run build): Firefox's passes Mozilla's own linter, and each
// manifest is what its browser needs, asking for no site at install.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_EXTENSION_KEY, FIREFOX_EXTENSION_ID } from '#shared/accounts/extension-identity.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BUILDS = path.join(ROOT, 'dist/extension');

function manifestOf(browser: 'chromium' | 'firefox') {
  const file = path.join(BUILDS, `${browser}-mv3/manifest.json`);
  if (!existsSync(file)) throw new Error(`No ${browser} build at ${file}: run npm run build first.`);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

describe('the extension’s builds', () => {
  it('has a Firefox build that web-ext lint passes without an error', async () => {
    manifestOf('firefox');
    const webExt = path.join(ROOT, 'node_modules/.bin/web-ext');
    // web-ext exits non-zero when it finds errors; the report is read either way.
    const { stdout } = await promisify(execFile)(
      webExt,
      ['lint', '--source-dir', path.join(BUILDS, 'firefox-mv3'), '--output', 'json', '--no-config-discovery'],
      {
        maxBuffer: 16 * 1024 * 1024,
      },
    ).catch((failure: { stdout?: string }) => ({ stdout: failure.stdout ?? '' }));
    const report = JSON.parse(stdout) as { errors: { code: string; message: string }[]; summary: { errors: number } };
    expect(report.errors.map((error) => `${error.code}: ${error.message}`)).toEqual([]);
    expect(report.summary.errors).toBe(0);
  }, 120_000);

  it('gives Firefox an event page, its pinned add-on id and the magnet handler, and Chromium a service worker and the pinned key', () => {
    const firefox = manifestOf('firefox');
    expect(firefox.manifest_version).toBe(3);
    expect(firefox.background).toEqual({ scripts: ['background.js'] });
    expect((firefox.browser_specific_settings as { gecko: { id: string } }).gecko.id).toBe(FIREFOX_EXTENSION_ID);
    expect(firefox.protocol_handlers).toEqual([expect.objectContaining({ protocol: 'magnet' })]);
    expect(firefox).not.toHaveProperty('key');

    const chromium = manifestOf('chromium');
    expect(chromium.manifest_version).toBe(3);
    expect(chromium.background).toEqual({ service_worker: 'background.js' });
    expect(chromium.key).toBe(CHROMIUM_EXTENSION_KEY);
  });

  it('asks for no site at install in either browser: the server’s origin and any other are asked for when needed', () => {
    for (const browser of ['chromium', 'firefox'] as const) {
      const manifest = manifestOf(browser);
      expect(manifest, browser).not.toHaveProperty('host_permissions');
      expect(manifest, browser).not.toHaveProperty('content_scripts');
      expect(manifest.optional_host_permissions, browser).toEqual(['*://*/*']);
    }
  });

  it('packs both builds for the download page', () => {
    for (const pack of ['nubo-chromium.zip', 'nubo-firefox.zip']) {
      const zip = readFileSync(path.join(BUILDS, pack));
      // A zip starts with a local file header.
      expect(zip.subarray(0, 4).toString('latin1'), pack).toBe('PK\u0003\u0004');
    }
  });
});
