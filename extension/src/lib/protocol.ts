// What the popup, the options page and the offer page ask the background, and what it answers:
// the background alone holds the tokens and talks to Nubo, so a refresh never runs twice at once.
import type { ServerProblem } from './server.ts';

/** A link to hand to Nubo, with the visitor's cookies and referrer when they chose to send them. */
export type LinkToSave = { url: string; headers?: { cookie?: string; referer?: string } };

export type Folder = { id: string; name: string };

export type RunningTask = { id: string; name: string; progress: number; phase: string };

export type ExtensionState = {
  server: { origin: string; version: string; problem?: ServerProblem };
  signedIn: boolean;
  /** Cookies may be sent only to a Nubo reached over https. */
  secure: boolean;
};

/** What one send came to: how many downloads started, and each link's refusal, said. */
export type SaveOutcome = { added: number; refused: { url: string; reason: string; network?: boolean }[] };

export type Request =
  | { type: 'state' }
  | { type: 'set-server'; origin: string }
  | { type: 'sign-in' }
  | { type: 'sign-out' }
  | { type: 'save'; links: LinkToSave[]; folderId: string }
  | { type: 'tasks' }
  | { type: 'folders'; parentId: string }
  | { type: 'settings-changed' }
  | { type: 'offer-magnet'; url: string }
  | { type: 'let-browser-download'; url: string };

/** Every answer carries the failure's translated message when the request failed. */
export type Answer<T> = { ok: true; value: T } | { ok: false; message: string; signedOut?: boolean };
