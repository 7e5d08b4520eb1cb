// The share page rendered on the server: the same components as in the browser, so the
// visitor sees the files before any script has loaded, and the browser takes the HTML over as is.
// Built by `vite build --ssr` into dist/share-server/; the server imports it (server/web/share-page.ts).
import { renderToString } from 'react-dom/server';
import type { Translate } from '#shared/i18n/translator.ts';
import type { ShareFirstView } from '#shared/share-page.ts';
import { AppRoot } from './components/AppRoot.tsx';
import { SharePage } from './shares/SharePage.tsx';
import { $sharePlace } from './shares/share-place.ts';
import { $locale } from './stores/locale.ts';
import { $messages } from './stores/messages.ts';

/** The HTML of the page's root element for what the server found (`first`), in its locale. */
export function renderSharePage(first: ShareFirstView, t: Translate): string {
  // The stores are the module's, shared by every request: renderToString runs to its end without
  // yielding, so no other request's render can come in between and see these values.
  $locale.set(first.locale);
  $messages.set({ status: 'ready', locale: first.locale, t });
  $sharePlace.set({ shareId: first.shareId, folderIds: first.folderIds });
  return renderToString(
    <AppRoot>
      <SharePage first={first} />
    </AppRoot>,
  );
}
