// The player's events for an embedding host (shared/player-events.ts): posted to the framing page's
// allowed origin, or reported to the native app over its bridge; nothing is sent on a plain visit.
import { type PlayerEvent, type PlayerEventDetails, playerCommandOf, playerEventMessage } from '#shared/player-events.ts';
import { embedding } from '../embedding/embedding.ts';

export function reportPlayerEvent(event: PlayerEvent, details: PlayerEventDetails): void {
  if (embedding.native) embedding.native.send('report', { event, ...details });
  else if (embedding.framed && embedding.hostOrigin) window.parent.postMessage(playerEventMessage(event, details), embedding.hostOrigin);
}

/** Calls `onCommand` with each freeze or thaw the framing host sends (only from its allowed origin); answers the stop. */
export function listenToHost(onCommand: (command: 'freeze' | 'thaw') => void): () => void {
  const listener = (message: MessageEvent) => {
    if (!embedding.framed || message.source !== window.parent || message.origin !== embedding.hostOrigin) return;
    const command = playerCommandOf(message.data);
    if (command) onCommand(command);
  };
  window.addEventListener('message', listener);
  return () => window.removeEventListener('message', listener);
}
