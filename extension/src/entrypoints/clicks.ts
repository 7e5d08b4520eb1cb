// On every page, while the person has turned catching on (and given access to every site): a
// click on a magnet link is offered to Nubo instead of the torrent app, and a click with Alt held
// is left to the browser (Alt+click downloads a link), not caught for Nubo.
import { browser } from '@wxt-dev/browser';
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { readSettings, type Settings } from '../lib/settings.ts';

// Registered by the background (scripting.registerContentScripts) only once the person turns it on:
// the manifest asks for no site at install.
export default defineUnlistedScript({
  main() {
    // Read once and kept current: a click must be decided at once, before the page follows the link.
    let settings: Settings | undefined;
    void readSettings().then((read) => {
      settings = read;
    });
    browser.storage.onChanged.addListener(() => {
      void readSettings().then((read) => {
        settings = read;
      });
    });

    document.addEventListener(
      'click',
      (event) => {
        const anchor = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href]') : null;
        if (!anchor) return;
        if (event.altKey) {
          void browser.runtime.sendMessage({ type: 'let-browser-download', url: anchor.href });
          return;
        }
        if (settings?.catchMagnets && /^magnet:/i.test(anchor.href)) {
          event.preventDefault();
          event.stopImmediatePropagation();
          void browser.runtime.sendMessage({ type: 'offer-magnet', url: anchor.href });
        }
      },
      true,
    );
  },
});
