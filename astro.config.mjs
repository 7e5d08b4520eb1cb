// The public site: static HTML, one copy per locale under /<locale>/ (site/pages/[locale]/…).
// The server picks the copy for unprefixed addresses (SPEC §2.1), so Astro's own i18n routing
// is not used: shared/i18n/locales.ts stays the only list of locales. The sitemap is the server's
// too (server/web/sitemap.ts): it knows the unprefixed addresses and the PUBLIC_URL it runs with.
import { copyFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { writeSiteIndex } from './server/web/site-index.ts';
import { SCHEMA_BUILDERS } from './shared/api/resources.ts';
import { VCONSOLE_SCRIPT_PATH } from './shared/debug-console.ts';

/** vConsole for the debug console (SPEC §7.5), copied from its npm package so it is served from our own origin. */
const vconsole = {
  name: 'nubo:vconsole',
  hooks: {
    'astro:build:done': async ({ dir }) => {
      const target = path.join(fileURLToPath(dir), VCONSOLE_SCRIPT_PATH);
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(createRequire(import.meta.url).resolve('vconsole'), target);
    },
  },
};

/**
 * The site's index (server/web/site-index.ts): its pages by locale, its other files and the hashes
 * of its inline scripts for the content security policy, so a start reads one file, and the pages
 * stay plain files that no other inline script runs in.
 */
const siteIndex = {
  name: 'nubo:site-index',
  hooks: {
    'astro:build:done': async ({ dir }) => writeSiteIndex(fileURLToPath(dir)),
  },
};

export default defineConfig({
  srcDir: './site',
  outDir: './dist/site',
  publicDir: './public',
  site: process.env.PUBLIC_URL || 'http://localhost:8080',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  integrations: [react(), vconsole, siteIndex],
  // The islands take paths and types from shared/api; the schemas there are the server's.
  vite: { build: { rolldownOptions: { treeshake: { manualPureFunctions: SCHEMA_BUILDERS } } } },
  telemetry: false,
  devToolbar: { enabled: false },
});
