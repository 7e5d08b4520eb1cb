import { describe, expect, it } from 'vitest';
import { gridColumns, listWindow, scrollToShowRow } from './windowing.ts';

describe('listWindow', () => {
  it('renders only the rows in view and the overscan around them', () => {
    const window = listWindow({ itemCount: 100_000, columns: 1, rowHeight: 50, scrollTop: 50_000, viewportHeight: 500, overscanRows: 2 });
    expect(window).toEqual({ start: 998, end: 1012, totalHeight: 5_000_000, offsetTop: 49_900 });
  });

  it('counts whole rows of tiles in a grid', () => {
    const window = listWindow({ itemCount: 23, columns: 4, rowHeight: 100, scrollTop: 0, viewportHeight: 250, overscanRows: 0 });
    expect(window).toEqual({ start: 0, end: 12, totalHeight: 600, offsetTop: 0 });
  });

  it('stops at the end of the list', () => {
    const window = listWindow({ itemCount: 10, columns: 3, rowHeight: 100, scrollTop: 900, viewportHeight: 400 });
    expect(window.end).toBe(10);
    expect(window.start).toBeLessThan(10);
  });

  it('renders nothing for an empty list', () => {
    expect(listWindow({ itemCount: 0, columns: 1, rowHeight: 40, scrollTop: 0, viewportHeight: 400 })).toEqual({
      start: 0,
      end: 0,
      totalHeight: 0,
      offsetTop: 0,
    });
  });
});

describe('gridColumns', () => {
  it('fits as many tiles as the width allows, at least one', () => {
    expect(gridColumns(1000, 150, 10)).toBe(6);
    expect(gridColumns(100, 150, 10)).toBe(1);
  });
});

describe('scrollToShowRow', () => {
  it('scrolls up or down just enough to show the row', () => {
    expect(scrollToShowRow(2, 50, 200, 300)).toBe(100);
    expect(scrollToShowRow(12, 50, 200, 300)).toBe(350);
    expect(scrollToShowRow(5, 50, 200, 300)).toBeUndefined();
  });
});
