// A takedown as the audit-admin call answers it (SPEC §7.5).
import type { Takedown as TakedownAnswer } from '#shared/api/moderation.ts';
import type { Takedown } from '../services/moderation.ts';

export function presentTakedown(takedown: Takedown): TakedownAnswer {
  return { gcids: takedown.hashes, share_ids: takedown.shareIds };
}
