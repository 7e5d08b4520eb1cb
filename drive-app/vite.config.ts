// The drive app (/drive, /auth, /loading, /referral) and the share page (/s): one Vite build with
// two pages, code-split per route, into its own folder (Astro empties dist/site on every build).
// The share page is a page of its own so a visitor loads neither the router nor the drive.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { LOCALES } from '../shared/i18n/locales.ts';

/** Messages the app must show before (or without) fetching its messages: built into the bundle. */
const BOOT_MESSAGE_KEYS = ['drive.loadFailed', 'drive.reload'];

function bootMessages(): Plugin {
  const id = 'virtual:boot-messages';
  return {
    name: 'nubo-boot-messages',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(resolved) {
      if (resolved !== `\0${id}`) return undefined;
      const table = Object.fromEntries(
        LOCALES.map((locale) => {
          const file = path.resolve(import.meta.dirname, '../content/i18n', `${locale}.json`);
          this.addWatchFile(file);
          const messages = JSON.parse(readFileSync(file, 'utf8'));
          return [locale, Object.fromEntries(BOOT_MESSAGE_KEYS.map((key) => [key, messages[key]]))];
        }),
      );
      return `export default ${JSON.stringify(table)};`;
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  base: '/app/',
  plugins: [react(), bootMessages()],
  build: {
    outDir: '../dist/drive-app',
    emptyOutDir: true,
    sourcemap: true,
    // Which chunk is which (bench/share-page.ts reads it to tell React's weight from the page's).
    manifest: true,
    rolldownOptions: {
      input: {
        app: path.resolve(import.meta.dirname, 'index.html'),
        share: path.resolve(import.meta.dirname, 'share.html'),
      },
      output: {
        // React in one chunk of its own: every page needs it, and it changes only with React.
        codeSplitting: { groups: [{ name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ }] },
      },
    },
  },
  server: {
    // `npm run dev`: the API and pages come from the Nubo server.
    proxy: { '^/(v1|drive/v1|vip/v1|config/v1|i18n|api|healthz)(/|$)': 'http://127.0.0.1:8080' },
  },
});
