// The daily check-in (SPEC §7.3 GET /task/status?scene=, POST /activity/rewardVip): whether
// today's check-in is made, the streak, what a check-in gives, and checking in. One check-in per
// user per day; days end at midnight UTC.
import { type Static, Type } from 'typebox';
import { GrantSchema, GrantTerms } from './premium.ts';
import { oneOf, Time } from './resources.ts';

export const CHECK_IN_PATHS = {
  status: '/vip/v1/task/status',
  checkIn: '/vip/v1/activity/rewardVip',
} as const;

/** The task-status scene and reward type of the daily check-in. */
export const CHECK_IN_SCENE = 'check_in';

export const CheckInStatusQuery = Type.Object({ scene: Type.String({ maxLength: 32 }) });

/**
 * `done`: today's check-in is made; `todo`: it can be made; `off`: this server gives nothing for
 * checking in, so there is none. `streak`: days in a row, today's included once made.
 */
export const CheckInStatusSchema = Type.Object({
  scene: Type.String(),
  status: oneOf(['done', 'todo', 'off'] as const),
  streak: Type.Integer(),
  /** When today ends and the next check-in can be made. */
  next_at: Time,
  rewards: Type.Object({
    daily: Type.Optional(GrantTerms),
    streak: Type.Optional(Type.Object({ every: Type.Integer(), grant: GrantTerms })),
  }),
});
export type CheckInStatus = Static<typeof CheckInStatusSchema>;

export const CheckInBody = Type.Object({ type: Type.String({ maxLength: 32 }), data: Type.Optional(Type.Record(Type.String(), Type.Unknown())) });

/** A check-in made: the streak it makes and what it granted (the day's reward, a streak's too). */
export const CheckedInSchema = Type.Object({ status: Type.Literal('done'), streak: Type.Integer(), grants: Type.Array(GrantSchema) });
export type CheckedIn = Static<typeof CheckedInSchema>;
