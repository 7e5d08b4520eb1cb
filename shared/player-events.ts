// What the media player tells an embedding host (a page framing the drive, or the native app's
// webview) about playback, so the host can keep its own state in step: a player opened (and where
// it resumed), a player closed, and playback frozen or thawed. A framing page receives them as
// messages `{ type: 'nubo:event', event, ...details }` posted to its allowed origin; the native
// app receives them as the bridge's 'report' with `{ event, ...details }`, like page views.
// A host may also freeze the player (pause it and keep it paused until it thaws it) by posting
// `{ type: 'nubo:player', command: 'freeze' | 'thaw' }` to the frame.

export const PLAYER_EVENTS = {
  /** A player was opened on a file; `position` is where it starts (seconds; 0 unless resumed). */
  mountAndRestore: 'player_mount_and_restore',
  /** The video or picture viewer was closed (or moved on to another file); `position` is where it stopped. */
  close: 'close_video_or_picture_player',
  /** Playback froze (`frozen: true`, because it `stalled` waiting for data or the `host` froze it) or thawed (`frozen: false`). */
  setFreeze: 'set_video_freeze',
} as const;
export type PlayerEvent = (typeof PLAYER_EVENTS)[keyof typeof PLAYER_EVENTS];

/** The type of the messages a framing host receives; tells them apart from action messages and other scripts'. */
export const PLAYER_EVENT_MESSAGE_TYPE = 'nubo:event';
/** The type of the messages a framing host sends to freeze or thaw the player. */
export const PLAYER_COMMAND_MESSAGE_TYPE = 'nubo:player';

export type PlayerEventDetails = { file_id: string; position: number; frozen?: boolean; reason?: 'stalled' | 'host' };
export type PlayerEventMessage = { readonly type: typeof PLAYER_EVENT_MESSAGE_TYPE; readonly event: PlayerEvent } & PlayerEventDetails;

/** The message for a framing host; `details` cannot overwrite `type` or `event`. */
export function playerEventMessage(event: PlayerEvent, details: PlayerEventDetails): PlayerEventMessage {
  return { ...details, type: PLAYER_EVENT_MESSAGE_TYPE, event };
}

/** A host's command, when a posted message's data is one. */
export function playerCommandOf(data: unknown): 'freeze' | 'thaw' | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const message = data as Record<string, unknown>;
  if (message.type !== PLAYER_COMMAND_MESSAGE_TYPE) return undefined;
  return message.command === 'freeze' || message.command === 'thaw' ? message.command : undefined;
}
