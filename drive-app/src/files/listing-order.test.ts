import { describe, expect, it } from 'vitest';
import { queryWithOrder, shownOrder } from './listing-order.ts';

describe('shownOrder', () => {
  it('follows ?order= when it is a URL spelling', () => {
    expect(shownOrder(new URLSearchParams('order=size_desc'), 6)).toBe(8);
    expect(shownOrder(new URLSearchParams('order=name_asc'), 6)).toBe('NAME_ASC');
  });

  it('falls back to the saved order without one, or with a stored spelling in the URL', () => {
    expect(shownOrder(new URLSearchParams(''), 5)).toBe(5);
    expect(shownOrder(new URLSearchParams('order=NAME_ASC'), 5)).toBe(5);
    expect(shownOrder(new URLSearchParams('order=8'), 5)).toBe(5);
  });
});

describe('queryWithOrder', () => {
  it('writes the URL spelling and keeps the other parameters', () => {
    expect(queryWithOrder(new URLSearchParams('locale=ja'), 5).toString()).toBe('locale=ja&order=mod_asc');
  });

  it('removes ?order= for the type order, which has no URL spelling', () => {
    expect(queryWithOrder(new URLSearchParams('order=mod_asc'), 3).toString()).toBe('');
  });
});
