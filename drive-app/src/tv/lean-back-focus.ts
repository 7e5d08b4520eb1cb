// Moving through the TV page with a remote's arrows: the page is rows of tiles (Continue watching,
// recent videos, folders), each row as long as it is; Up and Down go to the row above or below,
// to the tile nearest the column left, Left and Right along the row, stopping at its ends.

/** Where the focus is: a row, and a tile in it. */
export type TileSpot = { row: number; column: number };

export type Direction = 'up' | 'down' | 'left' | 'right';

/** A remote's or a keyboard's arrow as a direction; other keys are none. */
export function directionOf(key: string): Direction | undefined {
  switch (key) {
    case 'ArrowUp':
      return 'up';
    case 'ArrowDown':
      return 'down';
    case 'ArrowLeft':
      return 'left';
    case 'ArrowRight':
      return 'right';
    default:
      return undefined;
  }
}

/**
 * Back on a TV remote: Escape and Backspace in browsers, GoBack and BrowserBack on TVs' own
 * browsers (which name the key so when they do not send a key code of their own).
 */
export function isBackKey(event: Pick<KeyboardEvent, 'key' | 'keyCode'>): boolean {
  // 461: webOS's Back; 10009: Tizen's Return.
  return ['Escape', 'Backspace', 'GoBack', 'BrowserBack'].includes(event.key) || event.keyCode === 461 || event.keyCode === 10009;
}

/** OK on a remote, Enter on a keyboard. */
export const isOkKey = (key: string) => key === 'Enter' || key === ' ' || key === 'Select';

/**
 * The spot one step in `direction` from `from`, over rows of `rowLengths` tiles (rows without tiles
 * are passed over), or `from` itself at an edge. A row that got shorter since keeps the focus in it.
 */
export function nextSpot(rowLengths: readonly number[], from: TileSpot, direction: Direction): TileSpot {
  const row = Math.min(Math.max(from.row, 0), rowLengths.length - 1);
  const column = Math.min(from.column, Math.max(0, (rowLengths[row] ?? 1) - 1));
  if (direction === 'left') return { row, column: Math.max(0, column - 1) };
  if (direction === 'right') return { row, column: Math.min((rowLengths[row] ?? 1) - 1, column + 1) };
  const step = direction === 'down' ? 1 : -1;
  for (let next = row + step; next >= 0 && next < rowLengths.length; next += step) {
    const length = rowLengths[next] ?? 0;
    if (length > 0) return { row: next, column: Math.min(column, length - 1) };
  }
  return { row, column };
}

/** The first tile there is, for a page just shown. */
export function firstSpot(rowLengths: readonly number[]): TileSpot {
  const row = rowLengths.findIndex((length) => length > 0);
  return { row: Math.max(0, row), column: 0 };
}
