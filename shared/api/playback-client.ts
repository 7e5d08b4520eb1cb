// Playing files (shared/api/playback.ts) as typed calls over the shared HTTP client.
import type { ApiClient } from './client.ts';
import { PLAYBACK_PATHS, type PlaybackAnswer, type PlaybackBody, type SharedPlaybackBody } from './playback.ts';

export function playbackApi(api: ApiClient) {
  return {
    plan: (fileId: string, body: PlaybackBody) => api.post<PlaybackAnswer>(PLAYBACK_PATHS.plan.replace('{id}', encodeURIComponent(fileId)), body),
    /** How a file of a share plays for its visitor. */
    planShared: (body: SharedPlaybackBody) => api.post<PlaybackAnswer>(PLAYBACK_PATHS.shared, body),
  };
}
