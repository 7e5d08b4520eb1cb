// The public site: static HTML, one copy per locale under /<locale>/ (site/pages/[locale]/…).
// The server picks the copy for unprefixed addresses (SPEC §2.1), so Astro's own i18n routing
// is not used: shared/i18n/locales.ts stays the only list of locales.
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';

export default defineConfig({
  srcDir: './site',
  outDir: './dist/site',
  publicDir: './public',
  site: process.env.PUBLIC_URL || 'http://localhost:8080',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  integrations: [react()],
  telemetry: false,
  devToolbar: { enabled: false },
});
