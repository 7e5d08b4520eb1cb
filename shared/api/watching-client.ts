// Watching (shared/api/watching.ts) as typed calls over the shared HTTP client.
import type { ApiClient } from './client.ts';
import {
  type ContinueWatchingAnswer,
  WATCHING_PATHS,
  type WatchingAnswer,
  type WatchingBody,
  type WatchingLookupAnswer,
  type WatchingLookupBody,
} from './watching.ts';

/** The address of a file's position, for a save sent as the page goes away (fetch with keepalive). */
export const watchingPath = (fileId: string) => WATCHING_PATHS.file.replace('{id}', encodeURIComponent(fileId));

export function watchingApi(api: ApiClient) {
  return {
    state: (fileId: string) => api.get<WatchingAnswer>(watchingPath(fileId)),
    save: (fileId: string, body: WatchingBody) => api.put<WatchingAnswer>(watchingPath(fileId), body),
    lookup: (body: WatchingLookupBody) => api.post<WatchingLookupAnswer>(WATCHING_PATHS.lookup, body),
    continueWatching: (limit?: number) => api.get<ContinueWatchingAnswer>(WATCHING_PATHS.continue, { limit }),
  };
}
