// Paths of the premium, campaign and mail API (SPEC §7.3, §7.5, API.md "Premium and account").
// The public site's islands call them; the server routes that answer them come with a later issue,
// and until then these paths answer 404 not_found.
import type { VipPrivilege } from '../premium.ts';

export const PREMIUM_PATHS = {
  vipPrivilege: '/drive/v1/privilege/vip',
  taskStatus: '/vip/v1/task/status',
  rewardVip: '/vip/v1/activity/rewardVip',
  compensate: '/vip/v1/activity/compensate',
  activationCode: '/vip/v1/order/activation-code',
} as const;

export const MAIL_PATHS = {
  unsubscribe: '/mail/v1/unsubscribe',
} as const;

/** The task-status scene and reward type of the daily check-in. */
export const CHECK_IN_SCENE = 'check_in';

/** GET /drive/v1/privilege/vip (API.md); premium.ts reads what it means. */
export type VipPrivilegeAnswer = { result: string; data: VipPrivilege };
