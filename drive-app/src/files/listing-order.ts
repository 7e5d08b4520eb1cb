// The order a file list shows: `?order=` (SPEC §3.6 URL spelling) when the address names one, so
// a link or a reload shows what was shared, and otherwise the order the user saved (SPEC §3.5).
import { type SortOrder, sortOrderFromUrl, sortOrderToUrl } from '#shared/files/sort-order.ts';

export const ORDER_PARAM = 'order';

export function shownOrder(query: URLSearchParams, saved: SortOrder): SortOrder {
  return sortOrderFromUrl(query.get(ORDER_PARAM)) ?? saved;
}

/** The query once `order` is chosen; the type order has no URL spelling, so it leaves none. */
export function queryWithOrder(query: URLSearchParams, order: SortOrder): URLSearchParams {
  const next = new URLSearchParams(query);
  const spelled = sortOrderToUrl(order);
  if (spelled) next.set(ORDER_PARAM, spelled);
  else next.delete(ORDER_PARAM);
  return next;
}
