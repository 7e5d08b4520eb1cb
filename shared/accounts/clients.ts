// The OAuth clients Nubo knows (SPEC §3.3, §7.6). The web app rides on httpOnly cookies; the
// browser extension and the desktop client get bearer tokens through an authorization code; the
// TV app, which has no keyboard, through the device sign-in (shared/api/device-sign-in.ts).

export const CLIENT_IDS = { web: 'nubo-web', extension: 'nubo-extension', desktop: 'nubo-desktop', tv: 'nubo-tv' } as const;

/** The scope the extension and desktop client ask for (SPEC §7.6). */
export const CLIENT_SCOPE = 'user pan offline';

/** The desktop client's loopback address, on a port of its own choosing. */
const DESKTOP_CLIENT_HOST = 'http://127.0.0.1';

/** Where the desktop client listens for the code (SPEC §2.6, §7.5): a loopback port. */
export function desktopRedirectUri(port: number): string {
  return `${DESKTOP_CLIENT_HOST}:${port}/windows/client-auth-code`;
}

/** What the sign-in page may connect to to hand the desktop client its code, as a content security policy source. */
export const DESKTOP_CLIENT_SOURCE = `${DESKTOP_CLIENT_HOST}:*`;

/** The `port` entry parameter is hexadecimal (SPEC §2.6). */
export function parseDesktopPort(hex: string | null | undefined): number | undefined {
  if (!hex || !/^[0-9a-f]{1,4}$/i.test(hex)) return undefined;
  const port = Number.parseInt(hex, 16);
  return port >= 1024 && port <= 65535 ? port : undefined;
}

/**
 * Where the native app receives a code for the web app inside its webview (SPEC §7.6 "request
 * login auth code"): the page hands its PKCE challenge over the bridge, the app asks for a code
 * with its own session, and the page exchanges it for a cookie session. Never a navigation target.
 */
export const NATIVE_APP_REDIRECT_URI = 'nubo-app://web-session';
