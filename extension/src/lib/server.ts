// The Nubo server the extension talks to: the address the person types, the browser's permission
// to reach that origin (asked for that origin only), and the check that it is Nubo, with its version.
import { browser } from '@wxt-dev/browser';
import { HEALTH_PATH } from '#shared/api/health.ts';

/** Why the extension cannot use the server now; each has its own message and remedy. */
export type ServerProblem = 'unset' | 'invalid_address' | 'no_permission' | 'unreachable' | 'certificate' | 'not_nubo';

export type ServerCheck = { ok: true; origin: string; version: string } | { ok: false; problem: ServerProblem; origin: string };

/** How long a server has to answer the check. */
const CHECK_TIMEOUT_MS = 8_000;

/** The origin of a typed address ("drive.example.org" → https://drive.example.org), or undefined when it is none. */
export function serverOrigin(typed: string): string | undefined {
  const text = typed.trim();
  if (!text) return undefined;
  const url = URL.parse(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || !url.hostname) return undefined;
  return url.origin;
}

/** The host permission pattern of one origin: the only site access the extension needs to work. */
export function originPattern(origin: string): string {
  return `${origin}/*`;
}

export function hasServerPermission(origin: string): Promise<boolean> {
  return browser.permissions.contains({ origins: [originPattern(origin)] });
}

/**
 * Whether the origin answers as a Nubo server (its health answer names the database and a version).
 * `certificateRefused` tells, when no answer came, whether the browser refused the server's
 * certificate (a fetch fails the same way for both).
 */
export async function checkServer(origin: string, certificateRefused: () => Promise<boolean> = async () => false): Promise<ServerCheck> {
  if (!(await hasServerPermission(origin))) return { ok: false, problem: 'no_permission', origin };
  let response: Response;
  try {
    response = await fetch(new URL(HEALTH_PATH, origin), { credentials: 'omit', cache: 'no-store', signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
  } catch {
    return { ok: false, problem: (await certificateRefused()) ? 'certificate' : 'unreachable', origin };
  }
  const health = (await response.json().catch(() => undefined)) as { status?: unknown; version?: unknown; database?: unknown } | undefined;
  if (!response.ok || health?.status !== 'ok' || typeof health.version !== 'string' || (health.database !== 'sqlite' && health.database !== 'postgres'))
    return { ok: false, problem: 'not_nubo', origin };
  return { ok: true, origin, version: health.version };
}

/** Chromium's net::ERR_CERT_… and Firefox's SEC_ERROR_… / SSL_ERROR_… / MOZILLA_PKIX_ERROR_… failures. */
export function isCertificateError(error: string | undefined): boolean {
  return !!error && /CERT|SEC_ERROR|SSL_ERROR|PKIX/i.test(error);
}

/** How long loading the server in a tab may take to tell why it cannot be reached. */
const CERTIFICATE_PROBE_MS = 8_000;

/**
 * Whether the browser refuses the https server's certificate, learned by loading its address in a
 * background tab, closed at once: the browser reports a page's network failure with its reason
 * (net::ERR_CERT_…, SEC_ERROR_…), never the extension's own requests'.
 */
export async function browserRefusesCertificate(origin: string): Promise<boolean> {
  if (!origin.startsWith('https://')) return false;
  const filter = { urls: [originPattern(origin)], types: ['main_frame' as const] };
  let tabId: number | undefined;
  return new Promise<boolean>((resolve) => {
    const finish = (refused: boolean) => {
      clearTimeout(timer);
      browser.webRequest.onErrorOccurred.removeListener(onError);
      browser.webRequest.onResponseStarted.removeListener(onAnswer);
      if (tabId !== undefined) void browser.tabs.remove(tabId).catch(() => {});
      resolve(refused);
    };
    const ours = (details: { tabId: number }) => tabId === undefined || details.tabId === tabId;
    const onError = (details: { tabId: number; error: string }) => ours(details) && finish(isCertificateError(details.error));
    const onAnswer = (details: { tabId: number }) => ours(details) && finish(false);
    const timer = setTimeout(() => finish(false), CERTIFICATE_PROBE_MS);
    browser.webRequest.onErrorOccurred.addListener(onError, filter);
    browser.webRequest.onResponseStarted.addListener(onAnswer, filter);
    browser.tabs.create({ url: new URL(HEALTH_PATH, origin).href, active: false }).then(
      (tab) => {
        tabId = tab.id;
      },
      () => finish(false),
    );
  });
}
