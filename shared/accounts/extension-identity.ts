// Who the browser extension is, pinned so its sign-in address never changes: Chromium derives an
// extension's id from the public key in its manifest (the first 32 hex digits of the key's SHA-256,
// 0-f written as a-p); Firefox takes the id the manifest names. The identity API's redirect is an
// address of the browser's own that it catches and never loads: https://<id>.chromiumapp.org/ in
// Chromium, and in Firefox https://<SHA-1 of the id, as lowercase hex>.extensions.allizom.org/.
// These two addresses are the only ones the server gives the extension's sign-in codes to.

/** The manifest's `key`: the public half of the key pair that fixes the Chromium id (the private half is kept by no one). */
export const CHROMIUM_EXTENSION_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAkKuFzRHKGFesub5AJTSSIhM4foOTo52k0ZISEDBTNYPvQTE5kTtD6mQighdlEu4aQ0EKDJd0aQ5JBJ+nXC2SiuRdYuY71b81RJHra/jxi1K9HWwAOfvPwo5U5MVIZOsqrz8bjsKvekiZ4GNurallOvoHR5Ac0uVCgeaKDEEwFbNxi/jm+xeuybhVsuJnusf8t8Ti8atUGIYNhW+56GU5a6tgA5d1WBE3UW8Ll6TIjZri0V92DB0j1/URmqpI3uDGXNmXopmH626AHFDCY1tANOESr2ly0ocmN1su8tnYtb0ZxXTfszu0y+2y+bREgWGaBZQuWyP2zclYnvMP0YJLqQIDAQAB';

/** The id Chromium derives from CHROMIUM_EXTENSION_KEY. */
export const CHROMIUM_EXTENSION_ID = 'pphalkalgjpoebfjemnpdohnjffhikba';

/** The manifest's browser_specific_settings.gecko.id. */
export const FIREFOX_EXTENSION_ID = 'nubo-extension@nubo.example';

/** Where Chromium's launchWebAuthFlow ends: the browser catches the navigation. */
export const CHROMIUM_REDIRECT_URI = `https://${CHROMIUM_EXTENSION_ID}.chromiumapp.org/`;

/** Where Firefox's launchWebAuthFlow ends: the host is the SHA-1 of FIREFOX_EXTENSION_ID. */
export const FIREFOX_REDIRECT_URI = 'https://1d9feb0127c94467963684b9eec6077dad51f5df.extensions.allizom.org/';

/** The redirect addresses registered for the extension's client, exactly. */
export const EXTENSION_REDIRECT_URIS: readonly string[] = [CHROMIUM_REDIRECT_URI, FIREFOX_REDIRECT_URI];

/** The `from_source` value the sign-in page is opened with for the extension: it tells the page to hand the code to the extension's redirect address. */
export const EXTENSION_FROM_SOURCE = 'pp_browser_extension';

export function isExtensionRedirectUri(uri: string): boolean {
  return EXTENSION_REDIRECT_URIS.includes(uri);
}
