// Embedded mode (SPEC §1, §2.7, §7.6): the drive inside a host page's frame, or inside the native
// app's webview. In both, a /drive link carrying an action is not followed: the app carries out
// the actions it handles itself, and hands every other one to its host — a message to the framing
// page (only to the origin named by ?origin= and allowed by the server), or the native bridge.
import { atom } from 'nanostores';
import { CLIENT_IDS, CLIENT_SCOPE, NATIVE_APP_REDIRECT_URI } from '#shared/accounts/clients.ts';
import { actionMessage, type EmbeddedLinkAction, embeddedLinkAction, frameMessageTarget } from '#shared/embedded.ts';
import { isLocale } from '#shared/i18n/locales.ts';
import { type AppLoginCode, type AppMetadata, type AppUserInfo, createNativeBridge, type NativeBridge } from '#shared/native-bridge.ts';
import { isPlainClick } from '../links.ts';
import { switchLocale } from '../stores/locale.ts';
import { userStore } from '../stores/user.ts';
import { isFramed, isInNativeApp } from './embedded-visit.ts';

export type Embedding = {
  /** Inside a host page's frame. */
  framed: boolean;
  /** The native app's bridge, inside its webview. */
  native: NativeBridge | undefined;
  /** Where frame messages go: the ?origin= of the visit, when it is a plain origin. */
  hostOrigin: string | undefined;
  /** ?hide_header: the host shows its own header. */
  hideHeader: boolean;
};

/** Entry parameters are read on the first page and kept for the visit, as the app navigates inside. */
const VISIT_KEY = 'nubo_embedding';

function detect(): Embedding {
  const query = new URLSearchParams(location.search);
  const kept = readKept();
  const hostOrigin = frameMessageTarget(query.get('origin')) ?? kept.hostOrigin;
  const hideHeaderParam = query.get('hide_header');
  const hideHeader = hideHeaderParam === null ? kept.hideHeader === true : hideHeaderParam !== '0' && hideHeaderParam !== 'false';
  const framed = isFramed();
  const native = isInNativeApp() ? createNativeBridge(window as never) : undefined;
  try {
    sessionStorage.setItem(VISIT_KEY, JSON.stringify({ hostOrigin, hideHeader }));
  } catch {
    // Storage refused (private mode in a frame): the parameters hold for this page only.
  }
  return { framed, native, hostOrigin, hideHeader: (framed || native !== undefined) && hideHeader };
}

function readKept(): { hostOrigin?: string; hideHeader?: boolean } {
  try {
    const kept = JSON.parse(sessionStorage.getItem(VISIT_KEY) ?? '{}') as { hostOrigin?: unknown; hideHeader?: unknown };
    return { hostOrigin: typeof kept.hostOrigin === 'string' ? frameMessageTarget(kept.hostOrigin) : undefined, hideHeader: kept.hideHeader === true };
  } catch {
    return {};
  }
}

export const embedding: Embedding = detect();
export const isEmbedded = embedding.framed || embedding.native !== undefined;

/** The app-handled action last asked for by a link; EmbeddedActions carries it out. */
export const $appAction = atom<EmbeddedLinkAction | undefined>(undefined);

/** Hands an action to whoever handles it: the app itself, the native app or the host page. */
export function runLinkAction(link: EmbeddedLinkAction): void {
  if (link.handledBy === 'app') {
    $appAction.set(link);
    return;
  }
  const message = actionMessage(link.action, link.params);
  if (embedding.native) embedding.native.send('actionSend', message);
  else if (embedding.framed && embedding.hostOrigin) window.parent.postMessage(message, embedding.hostOrigin);
  else console.warn(`nubo: no host to hand the ${link.action} action to (the frame was opened without an allowed ?origin=)`);
}

function onClick(event: MouseEvent) {
  if (!isPlainClick(event)) return;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement)) return;
  if (anchor.target === '_blank') {
    // A frame lets the browser open the window; a webview has none, so the app opens the page.
    if (embedding.native) {
      event.preventDefault();
      embedding.native.send('actionView', { url: anchor.href });
    }
    return;
  }
  const link = embeddedLinkAction(anchor.href, location.href);
  if (!link) return;
  event.preventDefault();
  runLinkAction(link);
}

/** Starts embedded mode when the page is framed or in the app; does nothing on a plain visit. */
export function startEmbedding(): void {
  if (!isEmbedded) return;
  // Capture phase: before the router's own link handling.
  document.addEventListener('click', onClick, true);
  if (embedding.native) void startNative(embedding.native);
}

async function startNative(bridge: NativeBridge) {
  try {
    const metadata = await bridge.request<AppMetadata>('getAppMetadata');
    if (metadata.language && isLocale(metadata.language)) switchLocale(metadata.language);
  } catch (failure) {
    console.warn('nubo: native bridge, app metadata:', failure);
  }
  try {
    const appUser = await bridge.request<AppUserInfo>('getUserInfo');
    if (appUser.signed_in && (await userStore.refreshUser()) === false) await signInFromApp(bridge);
  } catch (failure) {
    console.warn('nubo: native bridge, sign-in from the app:', failure);
  }
}

/** The page's own session from the app's: a PKCE code the app asks for, exchanged here (SPEC §7.6). */
async function signInFromApp(bridge: NativeBridge) {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const challenge = base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
  const { code } = await bridge.request<AppLoginCode>('requestLoginAuthCode', {
    client_id: CLIENT_IDS.web,
    scope: CLIENT_SCOPE,
    response_type: 'code',
    redirect_uri: NATIVE_APP_REDIRECT_URI,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  await userStore.signInWithCode({ code, codeVerifier: verifier, redirectUri: NATIVE_APP_REDIRECT_URI });
}

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** In the app, each page shown is reported to it (its own analytics; nothing leaves otherwise). */
export function reportPageView(pagePath: string): void {
  embedding.native?.send('report', { event: 'page_view', page_path: pagePath });
}
