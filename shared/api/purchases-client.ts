// Buying a plan as typed calls over the shared HTTP client: starting a checkout, following a purchase.
import type { ApiClient } from './client.ts';
import { type Checkout, PURCHASE_PATHS, type Purchase, purchasePath } from './purchases.ts';

export function purchasesApi(api: ApiClient) {
  return {
    /** Makes a purchase and answers where to pay for it. */
    checkout: async (planId: string, currency: string) => (await api.post<Checkout>(PURCHASE_PATHS.checkout, { plan_id: planId, currency })).checkout_url,
    get: (id: string) => api.get<Purchase>(purchasePath(id)),
  };
}
