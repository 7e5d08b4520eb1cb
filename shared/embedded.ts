// Embedded mode (SPEC §2.7, §3.6): inside a host page's frame or the native app, a /drive link
// carrying an action is not followed; it becomes a message for whichever side handles the action.
import { DRIVE_PATH } from './app-paths.ts';

/** Values of the `action` entry parameter and of the frame messages (SPEC §2.6, §2.7). */
export const EMBEDDED_ACTIONS = [
  'show_task',
  'open_file',
  'highlight_files',
  'create_task',
  'show_storage_dialog',
  'show_mobile_sidebar',
  'move_files',
  'open_redeem_box',
  'search',
  'open_feedback',
  'login_required',
  'show_traffic_dialog',
  'show_invite_dialog',
  'show_beginner_dialog',
  'show_activity_dialog',
  'show_popup_window',
  'login_to_drive',
  'show_login',
  'url_checker',
  'landing_page',
] as const;
export type EmbeddedAction = (typeof EMBEDDED_ACTIONS)[number];
export const isEmbeddedAction = (value: unknown): value is EmbeddedAction => (EMBEDDED_ACTIONS as readonly unknown[]).includes(value);

/** Actions the embedded app carries out itself; the host handles every other one. */
export const APP_HANDLED_ACTIONS = ['open_file', 'show_task', 'create_task', 'highlight_files', 'search'] as const satisfies readonly EmbeddedAction[];

export type ActionHandler = 'app' | 'host';

export function actionHandledBy(action: EmbeddedAction): ActionHandler {
  return (APP_HANDLED_ACTIONS as readonly EmbeddedAction[]).includes(action) ? 'app' : 'host';
}

export type EmbeddedLinkAction = {
  /** The link's action value as written, which may run on past the action name. */
  action: string;
  /** The allowed action name the value starts with. */
  actionName: EmbeddedAction;
  handledBy: ActionHandler;
  /** The link's other query parameters (the first of repeated ones), e.g. the file an open_file link names. */
  params: Record<string, string>;
};

/**
 * The embedded link rule (SPEC §5): a link counts only if it stays on the page's origin, its path
 * is /drive or under /drive/, and its action value starts with an allowed action name.
 * `pageOrigin` is the page's origin or URL, against which relative links resolve.
 */
export function embeddedLinkAction(href: string, pageOrigin: string): EmbeddedLinkAction | undefined {
  const page = parseUrl(pageOrigin);
  const link = page && parseUrl(href, page);
  if (!page || !link || link.origin !== page.origin) return undefined;
  if (link.pathname !== DRIVE_PATH && !link.pathname.startsWith(`${DRIVE_PATH}/`)) return undefined;
  const action = link.searchParams.get('action') ?? '';
  const actionName = longestActionPrefixOf(action);
  if (!actionName) return undefined;
  const params = new Map<string, string>();
  for (const [key, value] of link.searchParams) {
    if (key !== 'action' && !params.has(key)) params.set(key, value);
  }
  return { action, actionName, handledBy: actionHandledBy(actionName), params: Object.fromEntries(params) };
}

function longestActionPrefixOf(value: string): EmbeddedAction | undefined {
  let best: EmbeddedAction | undefined;
  for (const name of EMBEDDED_ACTIONS) {
    if (value.startsWith(name) && name.length > (best?.length ?? 0)) best = name;
  }
  return best;
}

const ORIGIN_SHAPE = /^https?:\/\/[^/?#@\s]+\/?$/i;

/**
 * Where frame messages go: the origin query parameter, only when it is a plain http(s) origin
 * (scheme, host, optional port, no path). Anything else answers undefined, so a message is never
 * posted to '*' or to an origin smuggled in with a path or credentials.
 */
export function frameMessageTarget(originParam: string | null): string | undefined {
  if (!originParam || !ORIGIN_SHAPE.test(originParam)) return undefined;
  const url = parseUrl(originParam);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/') return undefined;
  return url.origin;
}

/**
 * Every message to the host or the native app is `{ type: 'nubo:action', action, ...extra }`; the
 * type tells it apart from other scripts' messages, and the feedback link is one more action.
 */
export const ACTION_MESSAGE_TYPE = 'nubo:action';

export type ActionMessage = { readonly type: typeof ACTION_MESSAGE_TYPE; readonly action: string; readonly [extra: string]: unknown };

/** `extra` cannot overwrite `type` or `action`. */
export function actionMessage(action: string, extra: Readonly<Record<string, unknown>> = {}): ActionMessage {
  return { ...extra, type: ACTION_MESSAGE_TYPE, action };
}

export const OPEN_FEEDBACK_MESSAGE: ActionMessage = Object.freeze(actionMessage('open_feedback'));

/** For the receiving side: whether a posted message's data is one of ours. */
export function isActionMessage(data: unknown): data is ActionMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Record<string, unknown>;
  return message.type === ACTION_MESSAGE_TYPE && typeof message.action === 'string';
}

function parseUrl(value: string, base?: URL): URL | undefined {
  try {
    return new URL(value, base);
  } catch {
    return undefined;
  }
}
