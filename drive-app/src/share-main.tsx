// The share page's entry (/s/<share id>…, SPEC §2.4): no router, no drive, so a visitor opening a
// link on a phone loads only this. The server has usually rendered the page already (its files
// show before this runs): then this takes over the server's HTML instead of rendering anew.
import { SHARE_FIRST_VIEW_ELEMENT, type ShareFirstView } from '#shared/share-page.ts';
import { boot } from './boot.tsx';
import { SharePage } from './shares/SharePage.tsx';
import { $locale } from './stores/locale.ts';
import { $messages, loadMessages } from './stores/messages.ts';

function serverFirstView(): ShareFirstView | undefined {
  const carried = document.getElementById(SHARE_FIRST_VIEW_ELEMENT)?.textContent;
  return carried ? (JSON.parse(carried) as ShareFirstView) : undefined;
}

const first = serverFirstView();
if (first) {
  // Hydrating needs the same strings the server rendered with, ready before the first render.
  $locale.set(first.locale);
  await loadMessages(first.locale);
}
// Without the strings (their fetch failed) the page renders anew, to say so.
boot(<SharePage first={first} />, { serverRendered: first !== undefined && $messages.get().status === 'ready' });
