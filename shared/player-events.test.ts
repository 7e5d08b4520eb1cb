// The player's messages to and from an embedding host: what a host receives cannot be dressed up
// as something else, and only a well-formed freeze or thaw is taken as a command.
import { describe, expect, it } from 'vitest';
import { PLAYER_EVENTS, playerCommandOf, playerEventMessage } from './player-events.ts';

describe('player events for an embedding host', () => {
  it('names each event once and keeps type and event whatever the details say', () => {
    expect(new Set(Object.values(PLAYER_EVENTS)).size).toBe(3);
    const forged = { file_id: 'f1', position: 12, type: 'nubo:action', event: 'open_feedback' } as never;
    expect(playerEventMessage(PLAYER_EVENTS.setFreeze, forged)).toMatchObject({ type: 'nubo:event', event: 'set_video_freeze', file_id: 'f1', position: 12 });
  });

  it('takes only a freeze or a thaw of the player type as a command', () => {
    expect(playerCommandOf({ type: 'nubo:player', command: 'freeze' })).toBe('freeze');
    expect(playerCommandOf({ type: 'nubo:player', command: 'thaw' })).toBe('thaw');
    for (const other of [null, 'freeze', 42, {}, { command: 'freeze' }, { type: 'nubo:action', command: 'freeze' }, { type: 'nubo:player', command: 'delete' }])
      expect(playerCommandOf(other)).toBeUndefined();
  });
});
