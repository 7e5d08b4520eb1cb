// Which items of a long file list are worth putting in the page: only the rows in view and a few
// around them, so a folder of 100,000 entries costs what one screen costs. Rows have one fixed
// height (a list row, or a row of grid tiles).

export type ListWindow = {
  /** First item to render (inclusive). */
  start: number;
  /** Last item to render (exclusive). */
  end: number;
  /** Height of every row together, for the scrollbar. */
  totalHeight: number;
  /** Where the first rendered row sits. */
  offsetTop: number;
};

export type WindowInput = {
  itemCount: number;
  columns: number;
  rowHeight: number;
  scrollTop: number;
  viewportHeight: number;
  /** Rows rendered beyond each edge, so a fast scroll shows no blank band. */
  overscanRows?: number;
};

export function listWindow({ itemCount, columns, rowHeight, scrollTop, viewportHeight, overscanRows = 4 }: WindowInput): ListWindow {
  const perRow = Math.max(1, Math.floor(columns));
  const rows = Math.ceil(itemCount / perRow);
  const height = Math.max(0, viewportHeight);
  // A list that just got shorter may still be scrolled past its new end.
  const top = Math.min(Math.max(0, scrollTop), Math.max(0, rows * rowHeight - height));
  const firstRow = Math.max(0, Math.floor(top / rowHeight) - overscanRows);
  const lastRow = Math.min(rows, Math.ceil((top + height) / rowHeight) + overscanRows);
  return {
    start: Math.min(itemCount, firstRow * perRow),
    end: Math.min(itemCount, Math.max(firstRow, lastRow) * perRow),
    totalHeight: rows * rowHeight,
    offsetTop: firstRow * rowHeight,
  };
}

/** How many tiles of at least `minWidth` fit in `width` with `gap` between them. */
export function gridColumns(width: number, minWidth: number, gap: number): number {
  return Math.max(1, Math.floor((width + gap) / (minWidth + gap)));
}

/** The scroll position that brings row `row` fully into view, or undefined when it already is. */
export function scrollToShowRow(row: number, rowHeight: number, scrollTop: number, viewportHeight: number): number | undefined {
  const top = row * rowHeight;
  const bottom = top + rowHeight;
  if (top < scrollTop) return top;
  if (bottom > scrollTop + viewportHeight) return bottom - viewportHeight;
  return undefined;
}
