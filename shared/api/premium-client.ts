// The premium API (API.md "Premium and account") as typed calls over the shared HTTP client: the
// membership, the offer, the user's grants and allowances, and redeeming a code.
import type { ApiClient } from './client.ts';
import { type GrantList, type Plans, PREMIUM_PATHS, type Quantities, type Redeemed, type VipPrivilegeAnswer } from './premium.ts';

export function premiumApi(api: ApiClient) {
  return {
    privilege: async () => (await api.get<VipPrivilegeAnswer>(PREMIUM_PATHS.vipPrivilege)).data,
    plans: () => api.get<Plans>(PREMIUM_PATHS.plans),
    grants: async () => (await api.get<GrantList>(PREMIUM_PATHS.grants)).grants,
    quantities: () => api.get<Quantities>(PREMIUM_PATHS.quantities, { type: 'transfer' }),
    redeem: (code: string) => api.post<Redeemed>(PREMIUM_PATHS.activationCode, { activation_code: code, data: {} }),
  };
}
