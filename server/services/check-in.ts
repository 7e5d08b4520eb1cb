// The daily check-in (SPEC §7.3): once per user per UTC day, making a streak of days in a row, and
// giving the rewards of the plans file (the day's, and a streak's every so many days). A server
// that gives nothing for it has no check-in. Two check-ins at once make one: the day's row is the lock.
import type { Kysely } from 'kysely';
import { DAY_MS, dayOf } from '../calendar.ts';
import { checkInsRepository } from '../db/repositories/check-ins.ts';
import type { EntitlementRow } from '../db/repositories/premium.ts';
import type { Database } from '../db/schema.ts';
import { ServiceError } from '../errors.ts';
import type { CheckInRewards } from '../plans.ts';
import { giveGrant } from './premium/ledger.ts';

export type CheckInStanding = { status: 'done' | 'todo' | 'off'; streak: number; nextAt: number; rewards: CheckInRewards | undefined };

export function checkInService(deps: { db: Kysely<Database>; rewards: CheckInRewards | undefined; now?: () => number }) {
  const { db, rewards } = deps;
  const now = deps.now ?? Date.now;
  const offered = rewards !== undefined && (rewards.daily !== undefined || rewards.streak !== undefined);

  return {
    /** Whether today's check-in is made, and the streak as it stands. */
    async status(userId: string): Promise<CheckInStanding> {
      const day = dayOf(now());
      const repo = checkInsRepository(db);
      const [today, yesterday] = await Promise.all([repo.on(userId, day), repo.on(userId, day - 1)]);
      const status = !offered ? 'off' : today ? 'done' : 'todo';
      return { status, streak: today?.streak ?? yesterday?.streak ?? 0, nextAt: (day + 1) * DAY_MS, rewards };
    },

    /** Checks the user in for today and gives its rewards; a second check-in the same day is refused. */
    async checkIn(userId: string): Promise<{ streak: number; grants: EntitlementRow[] }> {
      if (!offered) throw new ServiceError('not_found', 'This server gives nothing for checking in.');
      const at = now();
      const day = dayOf(at);
      return db.transaction().execute(async (tx) => {
        const repo = checkInsRepository(tx);
        const streak = ((await repo.on(userId, day - 1))?.streak ?? 0) + 1;
        if (!(await repo.record(userId, day, streak, at)))
          throw new ServiceError('already_checked_in', 'Today’s check-in is already made. Come back tomorrow.');
        const grants: EntitlementRow[] = [];
        const give = async (terms: Parameters<typeof giveGrant>[2], ref: string) => {
          const grant = await giveGrant(tx, userId, terms, { source: 'check_in', sourceRef: ref }, at);
          if (grant) grants.push(grant);
        };
        if (rewards?.daily) await give(rewards.daily, `day:${day}`);
        if (rewards?.streak && streak % rewards.streak.every === 0) await give(rewards.streak.grant, `streak:${day}`);
        return { streak, grants };
      });
    },
  };
}

export type CheckInService = ReturnType<typeof checkInService>;
