// The drive app (/drive, /auth, /loading, /referral) and the share page (/s): one Vite build with
// two pages, code-split per route, into its own folder (Astro empties dist/site on every build).
// The share page is a page of its own so a visitor loads neither the router nor the drive.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown, type UserConfig } from 'vite';
import { SCHEMA_BUILDERS } from '../shared/api/resources.ts';
import { STORAGE_KEYS } from '../shared/browser-storage.ts';
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

/**
 * The remembered theme (or the system's) applied by an inline script in each page's head, before
 * the first paint: the share page's HTML comes rendered by the server and shows before the app's
 * script runs, so waiting for the script would flash the light theme at a dark-mode visitor.
 */
function themeBeforePaint(): Plugin {
  const script = `try{var d=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.darkMode)});document.documentElement.dataset.theme=d==='true'||(d!=='false'&&matchMedia('(prefers-color-scheme: dark)').matches)?'dark':'light'}catch(e){}`;
  return {
    name: 'nubo-theme-before-paint',
    transformIndexHtml: () => [{ tag: 'script', children: script, injectTo: 'head' }],
  };
}

const SHARE_PAGE = path.resolve(import.meta.dirname, 'share.html');
const SHARE_MAIN = path.resolve(import.meta.dirname, 'src/share-main.tsx');
/** The share page's own modules: they stay in its entry chunk, never loaded by the drive app. */
const SHARE_ONLY = [path.resolve(import.meta.dirname, 'src/scenes/Share.tsx'), path.resolve(import.meta.dirname, 'src/shares') + path.sep];
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;

/**
 * The chunk for the rest of what the share page loads before it shows a share: every module its
 * entry imports statically, but React and its own. One request instead of a dozen small ones, for
 * a visitor on a phone; the drive app loads the same chunk, whose modules it mostly needs too.
 */
function shareFirstLoad(): Rolldown.CodeSplittingNameFunction {
  let firstLoad: Set<string> | undefined;
  return (id, context) => {
    if (!firstLoad) {
      firstLoad = new Set();
      const walk = (moduleId: string) => {
        if (firstLoad!.has(moduleId)) return;
        firstLoad!.add(moduleId);
        for (const imported of context.getModuleInfo(moduleId)?.importedIds ?? []) walk(imported);
      };
      walk(SHARE_PAGE);
    }
    const own = id === SHARE_PAGE || id === SHARE_MAIN || SHARE_ONLY.some((prefix) => id.startsWith(prefix));
    return firstLoad.has(id) && !own && !REACT.test(id) ? 'share-first-load' : null;
  };
}

const clientBuild = {
  outDir: '../dist/drive-app',
  emptyOutDir: true,
  sourcemap: true,
  // Which chunk is which (bench/share-page.ts reads it to tell React's weight from the page's).
  manifest: true,
  rolldownOptions: {
    treeshake: { manualPureFunctions: SCHEMA_BUILDERS },
    input: {
      app: path.resolve(import.meta.dirname, 'index.html'),
      share: SHARE_PAGE,
    },
    output: {
      // React in one chunk of its own: every page needs it, and it changes only with React.
      codeSplitting: {
        groups: [
          { name: 'react', test: REACT },
          { name: shareFirstLoad(), debugName: 'share-first-load' },
        ],
      },
    },
  },
} satisfies UserConfig['build'];

/**
 * The share page's server render (`vite build --ssr src/share-server.tsx`): one module for the
 * server to import, with React and every other package bundled in (see `ssr` below).
 */
const serverRenderBuild = {
  outDir: '../dist/share-server',
  emptyOutDir: true,
  sourcemap: true,
  rolldownOptions: { treeshake: { manualPureFunctions: SCHEMA_BUILDERS } },
} satisfies UserConfig['build'];

export default defineConfig(({ isSsrBuild }) => ({
  root: import.meta.dirname,
  base: '/app/',
  plugins: [react(), bootMessages(), themeBeforePaint()],
  build: isSsrBuild ? serverRenderBuild : clientBuild,
  // The server render bundles its packages with React's production build: left to node_modules,
  // React picks its development build whenever NODE_ENV is unset, which renders three times slower.
  ...(isSsrBuild ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  server: {
    // `npm run dev`: the API and pages come from the Nubo server.
    proxy: { '^/(v1|drive/v1|vip/v1|config/v1|i18n|api|healthz)(/|$)': 'http://127.0.0.1:8080' },
  },
}));
