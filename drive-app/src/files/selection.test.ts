import { describe, expect, it } from 'vitest';
import { extendSelection, keepListed, moveActive, NO_SELECTION, selectAll, selectOnly, toggleSelected } from './selection.ts';

const ORDER = ['a', 'b', 'c', 'd', 'e'];
const ids = (selection: { ids: ReadonlySet<string> }) => [...selection.ids].sort();

describe('file selection', () => {
  it('selects one item on a plain click, replacing the rest', () => {
    expect(ids(selectOnly('c'))).toEqual(['c']);
  });

  it('toggles an item on ctrl-click and keeps the others', () => {
    const two = toggleSelected(selectOnly('a'), 'c');
    expect(ids(two)).toEqual(['a', 'c']);
    expect(ids(toggleSelected(two, 'a'))).toEqual(['c']);
  });

  it('selects the run from the anchor on shift-click, in either direction', () => {
    expect(ids(extendSelection(selectOnly('b'), 'd', ORDER))).toEqual(['b', 'c', 'd']);
    expect(ids(extendSelection(selectOnly('d'), 'a', ORDER))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keeps the anchor across shift-clicks, so the run can shrink', () => {
    const wide = extendSelection(selectOnly('b'), 'e', ORDER);
    expect(ids(extendSelection(wide, 'c', ORDER))).toEqual(['b', 'c']);
  });

  it('adds the run to the selection on ctrl+shift-click', () => {
    const start = toggleSelected(selectOnly('a'), 'd');
    expect(ids(extendSelection(start, 'e', ORDER, true))).toEqual(['a', 'd', 'e']);
  });

  it('starts a run at the clicked item when there is no anchor', () => {
    expect(ids(extendSelection(NO_SELECTION, 'c', ORDER))).toEqual(['c']);
  });

  it('selects everything listed', () => {
    expect(ids(selectAll(ORDER))).toEqual(ORDER);
  });

  it('moves the keyboard through the list: alone, extending, or without selecting', () => {
    const atB = selectOnly('b');
    expect(ids(moveActive(atB, ORDER, 2, { extend: false, keepSelection: false }))).toEqual(['c']);
    expect(ids(moveActive(atB, ORDER, 3, { extend: true, keepSelection: false }))).toEqual(['b', 'c', 'd']);
    const moved = moveActive(atB, ORDER, 4, { extend: false, keepSelection: true });
    expect(ids(moved)).toEqual(['b']);
    expect(moved.active).toBe('e');
    // Past either end it stops at the end.
    expect(moveActive(atB, ORDER, 99, { extend: false, keepSelection: false }).active).toBe('e');
  });

  it('forgets items that are no longer listed', () => {
    const selection = extendSelection(selectOnly('a'), 'c', ORDER);
    const kept = keepListed(selection, ['b', 'c', 'd']);
    expect(ids(kept)).toEqual(['b', 'c']);
    expect(kept.anchor).toBeUndefined();
    expect(keepListed(kept, ['b', 'c'])).toBe(kept);
  });
});
