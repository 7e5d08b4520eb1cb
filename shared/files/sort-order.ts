// File sort orders (SPEC §3.6, §3.5) in their three spellings: the stored value the API's `order`
// takes, the short value of the `?order=` URL parameter, and the enum key name local settings keep.

export const SORT_ORDERS = [
  { key: 'NAME_ASC', stored: 'NAME_ASC', url: 'name_asc', field: 'name', direction: 'asc' },
  { key: 'NAME_DESC', stored: 'NAME_DESC', url: 'name_desc', field: 'name', direction: 'desc' },
  { key: 'TYPE_DESC', stored: 3, url: undefined, field: 'type', direction: 'desc' },
  { key: 'MODIFY_TIME_ASC', stored: 5, url: 'mod_asc', field: 'modified_time', direction: 'asc' },
  { key: 'MODIFY_TIME_DESC', stored: 6, url: 'mod_desc', field: 'modified_time', direction: 'desc' },
  { key: 'SIZE_ASC', stored: 7, url: 'size_asc', field: 'size', direction: 'asc' },
  { key: 'SIZE_DESC', stored: 8, url: 'size_desc', field: 'size', direction: 'desc' },
] as const;

export type SortOrderEntry = (typeof SORT_ORDERS)[number];
/** A sort order as stored and sent to the API: 'NAME_ASC', 'NAME_DESC', 3, 5, 6, 7 or 8. */
export type SortOrder = SortOrderEntry['stored'];
export type SortOrderKeyName = SortOrderEntry['key'];
export type SortOrderUrlValue = NonNullable<SortOrderEntry['url']>;
export type SortField = SortOrderEntry['field'];
export type SortDirection = SortOrderEntry['direction'];

export const DEFAULT_SORT_ORDER: SortOrder = 6;

function entryWhere(matches: (entry: SortOrderEntry) => boolean): SortOrderEntry | undefined {
  return SORT_ORDERS.find(matches);
}

export function isSortOrder(value: unknown): value is SortOrder {
  return entryWhere((entry) => entry.stored === value) !== undefined;
}

/** The table row of an order: its key name, URL value, field and direction. */
export function sortOrderEntry(order: SortOrder): SortOrderEntry {
  const entry = entryWhere((candidate) => candidate.stored === order);
  if (!entry) throw new TypeError(`not a sort order: ${String(order)}`);
  return entry;
}

/** The order sorting `field` in `direction`, if there is one (type sorts only descending). */
export function sortOrderFor(field: SortField, direction: SortDirection): SortOrder | undefined {
  return entryWhere((entry) => entry.field === field && entry.direction === direction)?.stored;
}

/** `?order=mod_asc` → 5; anything but an exact URL value → undefined. */
export function sortOrderFromUrl(value: string | null | undefined): SortOrder | undefined {
  if (!value) return undefined;
  return entryWhere((entry) => entry.url === value)?.stored;
}

/** 5 → 'mod_asc'; undefined for the type order, which has no URL spelling. */
export function sortOrderToUrl(order: SortOrder): SortOrderUrlValue | undefined {
  return entryWhere((entry) => entry.stored === order)?.url;
}

/** The stored encoding as it arrives, number or query string: 6, '6', 'NAME_ASC'. */
export function sortOrderFromStored(value: string | number | null | undefined): SortOrder | undefined {
  if (typeof value === 'number') return isSortOrder(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const asNumber = /^[1-9][0-9]*$/.test(value) ? Number(value) : value;
  return isSortOrder(asNumber) ? asNumber : undefined;
}

/** 6 → 'MODIFY_TIME_DESC', the name local settings store the order under. */
export function sortOrderKeyName(order: SortOrder): SortOrderKeyName {
  return sortOrderEntry(order).key;
}

/** 'MODIFY_TIME_DESC' → 6; an unknown or non-string name → undefined. */
export function sortOrderFromKeyName(name: unknown): SortOrder | undefined {
  return entryWhere((entry) => entry.key === name)?.stored;
}
