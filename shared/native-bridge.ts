// The bridge to the native app (SPEC §1, §7.6), when the drive runs in its webview (the app's
// name in the user agent: patterns.ts). The app exposes one entry point: on Android
// `window.NuboNative.postMessage(json string)`, on iOS `window.webkit.messageHandlers.nubo
// .postMessage(object)`. Every request is `{ id, type, payload }`; the app answers by calling
// `window.nuboBridge.receive({ id, ok, payload | error })` (an object or its JSON). A request that
// gets no answer in time fails; the caller only logs bridge failures (SPEC §8).

export const BRIDGE_MESSAGES = ['getUserInfo', 'getAppMetadata', 'report', 'actionSend', 'actionView', 'requestLoginAuthCode'] as const;
export type BridgeMessage = (typeof BRIDGE_MESSAGES)[number];

/** What the app answers to getAppMetadata; its language becomes the page's locale when supported. */
export type AppMetadata = { language?: string; version?: string; platform?: string };
/** What the app answers to getUserInfo: who is signed in to the app, if anyone. */
export type AppUserInfo = { user_id?: string; signed_in?: boolean };
/** What the app answers to requestLoginAuthCode: a code issued for the page's PKCE challenge. */
export type AppLoginCode = { code: string };

export type BridgeAnswer = { id: string; ok: boolean; payload?: unknown; error?: string };

/** Long enough for an app to ask its own server (a login code), short enough not to hang a page. */
export const BRIDGE_TIMEOUT_MS = 5_000;

type NativeWindow = {
  NuboNative?: { postMessage(message: string): void };
  webkit?: { messageHandlers?: { nubo?: { postMessage(message: unknown): void } } };
  nuboBridge?: { receive(answer: unknown): void };
};

export type NativeBridge = {
  request<T = unknown>(type: BridgeMessage, payload?: unknown): Promise<T>;
  /** One-way messages (report, actionSend, actionView): the app's answer, if any, is not awaited. */
  send(type: BridgeMessage, payload?: unknown): void;
};

/** The app's entry point in this window, or undefined when there is none (not inside the app). */
function transportOf(win: NativeWindow): ((message: { id: string; type: BridgeMessage; payload: unknown }) => void) | undefined {
  const android = win.NuboNative;
  if (android && typeof android.postMessage === 'function') return (message) => android.postMessage(JSON.stringify(message));
  const ios = win.webkit?.messageHandlers?.nubo;
  if (ios && typeof ios.postMessage === 'function') return (message) => ios.postMessage(message);
  return undefined;
}

export function createNativeBridge(
  win: NativeWindow,
  { timeoutMs = BRIDGE_TIMEOUT_MS, newId = (): string => crypto.randomUUID() } = {},
): NativeBridge | undefined {
  const post = transportOf(win);
  if (!post) return undefined;
  const pending = new Map<string, { resolve(payload: unknown): void; reject(error: Error): void; timer: ReturnType<typeof setTimeout> }>();
  win.nuboBridge = {
    receive(raw) {
      const answer = parseAnswer(raw);
      const waiting = answer && pending.get(answer.id);
      if (!answer || !waiting) return;
      pending.delete(answer.id);
      clearTimeout(waiting.timer);
      if (answer.ok) waiting.resolve(answer.payload);
      else waiting.reject(new Error(`the app refused: ${answer.error ?? 'no reason given'}`));
    },
  };
  return {
    request<T>(type: BridgeMessage, payload: unknown = {}) {
      const id = newId();
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`the app did not answer ${type} within ${timeoutMs} ms`));
        }, timeoutMs);
        pending.set(id, { resolve: resolve as (payload: unknown) => void, reject, timer });
        try {
          post({ id, type, payload });
        } catch (failure) {
          pending.delete(id);
          clearTimeout(timer);
          reject(failure instanceof Error ? failure : new Error(String(failure)));
        }
      });
    },
    send(type, payload = {}) {
      post({ id: newId(), type, payload });
    },
  };
}

function parseAnswer(raw: unknown): BridgeAnswer | undefined {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return undefined;
    }
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const answer = value as Record<string, unknown>;
  return typeof answer.id === 'string' && typeof answer.ok === 'boolean' ? (answer as BridgeAnswer) : undefined;
}
