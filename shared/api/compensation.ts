// Compensation (SPEC §7.3 POST /vip/v1/activity/compensate): an operator's campaign
// (CAMPAIGNS_FILE) gives the accounts it names a grant, once each, while it runs.
import { type Static, Type } from 'typebox';
import { GrantSchema } from './premium.ts';

export const COMPENSATION_PATHS = { compensate: '/vip/v1/activity/compensate' } as const;

/** SPEC §7.3 names the campaign ids but not the body's field: `activity_id` is Nubo's. */
export const CompensateBody = Type.Object({ activity_id: Type.String({ minLength: 1, maxLength: 128 }) });

export const CompensatedSchema = Type.Object({ grant: GrantSchema });
export type Compensated = Static<typeof CompensatedSchema>;
