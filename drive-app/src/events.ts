// The app's internal page events (SPEC §4): one small typed bus, so a part of the app can react to
// a sign-in or a sign-out without the part that caused it knowing who listens.
import type { ApiError } from '#shared/api/client.ts';
import type { UserInfo } from './stores/user-store.ts';

export type AppEvents = {
  'after-login': { user: UserInfo };
  'login-failed': { error: ApiError };
  'logout-success': { userId: string | undefined };
  /** No one is signed in on this browser any more: signed out here or in another tab, or the session ended. */
  'signed-out': Record<string, never>;
  /** The server no longer knows this browser's session (revoked elsewhere, expired). */
  'session-ended': Record<string, never>;
  /** Items of the drive were added, changed or removed: lists reload and the quota refreshes. */
  'drive-changed': Record<string, never>;
};

type Listener<Payload> = (payload: Payload) => void;

export type EventBus<Events extends Record<string, unknown>> = {
  /** Returns the function that stops listening. */
  on<Name extends keyof Events>(name: Name, listener: Listener<Events[Name]>): () => void;
  emit<Name extends keyof Events>(name: Name, payload: Events[Name]): void;
};

export function createEventBus<Events extends Record<string, unknown>>(): EventBus<Events> {
  const listeners = new Map<keyof Events, Set<Listener<never>>>();
  return {
    on(name, listener) {
      const forName = listeners.get(name) ?? new Set();
      listeners.set(name, forName);
      forName.add(listener as Listener<never>);
      return () => forName.delete(listener as Listener<never>);
    },
    emit(name, payload) {
      for (const listener of [...(listeners.get(name) ?? [])]) {
        // One failing listener must not keep the others, or the code that emitted, from running.
        try {
          (listener as Listener<typeof payload>)(payload);
        } catch (failure) {
          console.error(`[events] a listener of ${String(name)} failed`, failure);
        }
      }
    },
  };
}

export const appEvents = createEventBus<AppEvents>();

/** Tells every list and the quota that the drive changed. */
export function driveChanged(): void {
  appEvents.emit('drive-changed', {});
}
