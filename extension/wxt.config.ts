// The browser extension, built from one source for Chromium-based browsers (a service worker) and
// Firefox (an event page), Manifest V3 both, with no polyfill: `wxt build -b chromium|firefox`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { defineConfig } from 'wxt';
import { CHROMIUM_EXTENSION_KEY, FIREFOX_EXTENSION_ID } from '../shared/accounts/extension-identity.ts';
import { FAILURE_MESSAGE_KEYS } from '../shared/api/error-messages.ts';
import { LOCALES } from '../shared/i18n/locales.ts';

const root = path.resolve(import.meta.dirname, '..');
const MESSAGES_MODULE = 'virtual:nubo-extension-messages';

/** Of each locale's messages, the ones the extension shows: its own and every failure's. */
function extensionMessages(): Plugin {
  const failureKeys = new Set<string>(FAILURE_MESSAGE_KEYS);
  return {
    name: 'nubo-extension-messages',
    resolveId: (id) => (id === MESSAGES_MODULE ? `\0${MESSAGES_MODULE}` : undefined),
    load(id) {
      if (id !== `\0${MESSAGES_MODULE}`) return undefined;
      const byLocale: Record<string, Record<string, string>> = {};
      for (const locale of LOCALES) {
        const file = path.join(root, 'content/i18n', `${locale}.json`);
        this.addWatchFile(file);
        const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
        byLocale[locale] = Object.fromEntries(Object.entries(all).filter(([key]) => key.startsWith('extension.') || failureKeys.has(key)));
      }
      return `export default ${JSON.stringify(byLocale)};`;
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  srcDir: 'src',
  outDir: path.join(root, 'dist/extension'),
  modules: ['@wxt-dev/module-react'],
  // Imports are written out, so the repository's own type check and linters read these files as any other.
  imports: false,
  manifestVersion: 3,
  vite: () => ({
    plugins: [extensionMessages()],
    resolve: { alias: { '#shared': path.join(root, 'shared') } },
    build: { chunkSizeWarningLimit: 1024 },
  }),
  zip: { artifactTemplate: 'nubo-{{browser}}.zip', zipSources: false },
  manifest: ({ browser }) => ({
    name: 'Nubo',
    description: 'Save links, magnets and downloads to your Nubo drive.',
    version: '0.1.0',
    permissions: ['storage', 'identity', 'contextMenus', 'notifications', 'downloads', 'cookies', 'scripting', 'activeTab', 'alarms', 'webRequest'],
    // Nothing is reached without asking: the Nubo server's origin when it is set, a link's site when
    // its cookies are sent, every site only when catching clicks is turned on.
    optional_host_permissions: ['*://*/*'],
    action: { default_title: 'Nubo', default_popup: 'popup.html' },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: { id: FIREFOX_EXTENSION_ID, strict_min_version: '140.0', data_collection_permissions: { required: ['none'] } },
            gecko_android: { strict_min_version: '142.0' },
          },
          // Firefox hands magnet links to the extension when the person picks it as their magnet handler.
          protocol_handlers: [{ protocol: 'magnet', name: 'Nubo', uriTemplate: '/offer.html#%s' }],
        }
      : { key: CHROMIUM_EXTENSION_KEY }),
  }),
});
