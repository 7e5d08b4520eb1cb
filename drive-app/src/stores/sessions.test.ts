// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { SessionResource } from '#shared/api/accounts.ts';
import { sortSessions } from './sessions.ts';

const session = (id: string, lastSeen: string, current = false): SessionResource => ({
  id,
  client_id: 'nubo-web',
  device: 'Firefox on Linux',
  ip: '192.0.2.1',
  created_at: '2026-01-01T00:00:00.000Z',
  last_seen_at: lastSeen,
  current,
});

describe('sortSessions', () => {
  it('lists this device first, then the most recently used', () => {
    const sorted = sortSessions([
      session('old', '2026-01-02T00:00:00.000Z'),
      session('here', '2026-01-01T00:00:00.000Z', true),
      session('recent', '2026-01-05T00:00:00.000Z'),
    ]);
    expect(sorted.map((s) => s.id)).toEqual(['here', 'recent', 'old']);
  });
});
