import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SORT_ORDER,
  isSortOrder,
  SORT_ORDERS,
  type SortOrder,
  sortOrderEntry,
  sortOrderFor,
  sortOrderFromKeyName,
  sortOrderFromStored,
  sortOrderFromUrl,
  sortOrderKeyName,
  sortOrderToUrl,
} from './sort-order.ts';

describe('sort orders', () => {
  it('store name orders by name and the others as 3, 5, 6, 7, 8', () => {
    expect(SORT_ORDERS.map((entry) => entry.stored)).toEqual(['NAME_ASC', 'NAME_DESC', 3, 5, 6, 7, 8]);
  });

  it('default to modify time descending', () => {
    expect(DEFAULT_SORT_ORDER).toBe(6);
    expect(sortOrderEntry(DEFAULT_SORT_ORDER)).toMatchObject({ key: 'MODIFY_TIME_DESC', field: 'modified_time', direction: 'desc' });
  });

  it('describe 3 as type descending, 5/6 as modify time and 7/8 as size', () => {
    expect(sortOrderEntry(3)).toMatchObject({ field: 'type', direction: 'desc' });
    expect(sortOrderEntry(5)).toMatchObject({ field: 'modified_time', direction: 'asc' });
    expect(sortOrderEntry(7)).toMatchObject({ field: 'size', direction: 'asc' });
    expect(sortOrderEntry(8)).toMatchObject({ field: 'size', direction: 'desc' });
  });

  it('refuses to describe a value that is not an order', () => {
    expect(() => sortOrderEntry(4 as SortOrder)).toThrow(TypeError);
  });

  it('find the order for a field and direction, and none for type ascending', () => {
    expect(sortOrderFor('size', 'desc')).toBe(8);
    expect(sortOrderFor('name', 'asc')).toBe('NAME_ASC');
    expect(sortOrderFor('type', 'desc')).toBe(3);
    expect(sortOrderFor('type', 'asc')).toBeUndefined();
  });
});

describe('URL encoding', () => {
  it('maps every URL value to its order and back', () => {
    const pairs = [
      ['name_asc', 'NAME_ASC'],
      ['name_desc', 'NAME_DESC'],
      ['mod_asc', 5],
      ['mod_desc', 6],
      ['size_asc', 7],
      ['size_desc', 8],
    ] as const;
    for (const [url, order] of pairs) {
      expect(sortOrderFromUrl(url)).toBe(order);
      expect(sortOrderToUrl(order)).toBe(url);
    }
  });

  it('has no URL value for type descending', () => {
    expect(sortOrderToUrl(3)).toBeUndefined();
  });

  it('rejects unknown, differently cased or stored-encoding values in the URL', () => {
    for (const value of ['MOD_DESC', 'mod', '6', 'NAME_ASC', 'type_desc', '', null, undefined]) {
      expect(sortOrderFromUrl(value)).toBeUndefined();
    }
  });
});

describe('stored encoding', () => {
  it('reads numbers and numeric strings alike', () => {
    expect(sortOrderFromStored(6)).toBe(6);
    expect(sortOrderFromStored('6')).toBe(6);
    expect(sortOrderFromStored('3')).toBe(3);
    expect(sortOrderFromStored('NAME_DESC')).toBe('NAME_DESC');
  });

  it('rejects values outside the stored encoding', () => {
    for (const value of [1, 2, 4, 9, 0, -6, 6.5, Number.NaN, '06', ' 6', '6.0', 'name_asc', 'MODIFY_TIME_DESC', '', null, undefined]) {
      expect(sortOrderFromStored(value)).toBeUndefined();
    }
  });

  it('accepts exactly the stored values as orders', () => {
    expect(isSortOrder(5)).toBe(true);
    expect(isSortOrder('NAME_ASC')).toBe(true);
    expect(isSortOrder('5')).toBe(false);
    expect(isSortOrder('mod_asc')).toBe(false);
  });
});

describe('enum key names (SPEC §3.5)', () => {
  it('round-trips every order through its key name', () => {
    for (const { stored, key } of SORT_ORDERS) {
      expect(sortOrderKeyName(stored)).toBe(key);
      expect(sortOrderFromKeyName(key)).toBe(stored);
    }
  });

  it('names 6 MODIFY_TIME_DESC and 3 TYPE_DESC', () => {
    expect(sortOrderKeyName(6)).toBe('MODIFY_TIME_DESC');
    expect(sortOrderKeyName(3)).toBe('TYPE_DESC');
  });

  it('maps unknown names, stored values and non-strings to undefined', () => {
    for (const name of ['modify_time_desc', 'MODIFY_TIME', '6', 6, 'mod_desc', null, undefined, {}]) {
      expect(sortOrderFromKeyName(name)).toBeUndefined();
    }
  });
});
