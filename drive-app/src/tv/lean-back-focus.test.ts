import { describe, expect, it } from 'vitest';
import { directionOf, firstSpot, isBackKey, nextSpot } from './lean-back-focus.ts';

describe('moving through the TV page with the arrows', () => {
  const rows = [3, 0, 5, 1];

  it('goes along a row and stops at its ends', () => {
    expect(nextSpot(rows, { row: 0, column: 0 }, 'left')).toEqual({ row: 0, column: 0 });
    expect(nextSpot(rows, { row: 0, column: 1 }, 'right')).toEqual({ row: 0, column: 2 });
    expect(nextSpot(rows, { row: 0, column: 2 }, 'right')).toEqual({ row: 0, column: 2 });
  });

  it('goes up and down past empty rows, to the nearest tile of a shorter row', () => {
    expect(nextSpot(rows, { row: 0, column: 2 }, 'down')).toEqual({ row: 2, column: 2 });
    expect(nextSpot(rows, { row: 2, column: 4 }, 'down')).toEqual({ row: 3, column: 0 });
    expect(nextSpot(rows, { row: 2, column: 4 }, 'up')).toEqual({ row: 0, column: 2 });
    expect(nextSpot(rows, { row: 3, column: 0 }, 'down')).toEqual({ row: 3, column: 0 });
    expect(nextSpot(rows, { row: 0, column: 1 }, 'up')).toEqual({ row: 0, column: 1 });
  });

  it('keeps the focus inside rows that changed under it', () => {
    expect(nextSpot([2], { row: 4, column: 9 }, 'left')).toEqual({ row: 0, column: 0 });
    expect(nextSpot([2, 2], { row: 0, column: 7 }, 'down')).toEqual({ row: 1, column: 1 });
  });

  it('starts on the first tile of the first row that has one', () => {
    expect(firstSpot([0, 0, 4])).toEqual({ row: 2, column: 0 });
    expect(firstSpot([])).toEqual({ row: 0, column: 0 });
  });

  it('reads arrows and the Back keys of browsers and TVs, and nothing else', () => {
    expect(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'].map(directionOf)).toEqual(['up', 'down', 'left', 'right']);
    expect(directionOf('a')).toBeUndefined();
    expect(isBackKey({ key: 'Escape', keyCode: 27 })).toBe(true);
    expect(isBackKey({ key: 'Unidentified', keyCode: 461 })).toBe(true);
    expect(isBackKey({ key: 'Unidentified', keyCode: 10009 })).toBe(true);
    expect(isBackKey({ key: 'Enter', keyCode: 13 })).toBe(false);
  });
});
