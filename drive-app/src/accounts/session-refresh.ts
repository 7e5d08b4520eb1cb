// Access cookies live minutes, refresh cookies weeks: a call answered 401 `unauthenticated`
// renews the session once and is sent again once. Refresh tokens rotate on every use and a reused
// one revokes the session, so only one renewal may be under way at a time, in all tabs together.
import { type ApiClient, ApiError } from '#shared/api/client.ts';

export type SessionRefreshOptions = {
  /** Renews the session; throws when it cannot. */
  refresh: () => Promise<void>;
  /** Runs the renewal holding a lock every tab of this origin shares. */
  acrossTabs: <T>(task: () => Promise<T>) => Promise<T>;
  /** The server refused to renew: this browser's sign-in is over. */
  onSessionEnded: () => void;
};

type Query = Record<string, string | number | boolean | undefined>;

export function isUnauthenticated(failure: unknown): failure is ApiError {
  return failure instanceof ApiError && failure.status === 401 && failure.error === 'unauthenticated';
}

/**
 * A refusal from the server (invalid_grant, unauthenticated) ends the session; a lost connection
 * or a server fault does not, or going offline for a minute would sign people out.
 */
function refusalEndsSession(failure: unknown): boolean {
  return failure instanceof ApiError && (failure.status === 400 || failure.status === 401);
}

export function withSessionRefresh(client: ApiClient, options: SessionRefreshOptions): ApiClient {
  let renewals = 0;
  let renewal: Promise<void> | undefined;

  function renew(): Promise<void> {
    renewal ??= options
      .acrossTabs(options.refresh)
      .then(
        () => {
          renewals += 1;
        },
        (failure: unknown) => {
          if (refusalEndsSession(failure)) options.onSessionEnded();
          throw failure;
        },
      )
      .finally(() => {
        renewal = undefined;
      });
    return renewal;
  }

  async function sendRenewingOnce<T>(send: () => Promise<T>): Promise<T> {
    const renewalsBefore = renewals;
    try {
      return await send();
    } catch (failure) {
      if (!isUnauthenticated(failure)) throw failure;
      // A renewal that finished while this call was on its way already covers it.
      if (renewals === renewalsBefore) {
        try {
          await renew();
        } catch (renewFailure) {
          throw refusalEndsSession(renewFailure) ? failure : renewFailure;
        }
      }
      return send();
    }
  }

  return {
    get: <T>(path: string, query?: Query) => sendRenewingOnce(() => client.get<T>(path, query)),
    delete: <T>(path: string, query?: Query) => sendRenewingOnce(() => client.delete<T>(path, query)),
    post: <T>(path: string, body?: unknown) => sendRenewingOnce(() => client.post<T>(path, body)),
    postForText: (path: string, body?: unknown) => sendRenewingOnce(() => client.postForText(path, body)),
    patch: <T>(path: string, body?: unknown) => sendRenewingOnce(() => client.patch<T>(path, body)),
    put: <T>(path: string, body?: unknown) => sendRenewingOnce(() => client.put<T>(path, body)),
  };
}
