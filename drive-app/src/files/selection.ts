// Which items of a file list are selected, as desktop file managers do it: a click selects one,
// ctrl/cmd-click toggles one, shift-click selects the run from the anchor, and the keyboard moves
// an active item that the same rules follow. Pure, so the list component stays about showing.

export type Selection = {
  ids: ReadonlySet<string>;
  /** Where a shift-click or shift-arrow range starts. */
  anchor: string | undefined;
  /** The item the keyboard is on (aria-activedescendant). */
  active: string | undefined;
};

export const NO_SELECTION: Selection = { ids: new Set(), anchor: undefined, active: undefined };

/** A plain click: this item alone. */
export function selectOnly(id: string): Selection {
  return { ids: new Set([id]), anchor: id, active: id };
}

/** Ctrl/cmd-click or space: this item in or out, the rest kept. */
export function toggleSelected(selection: Selection, id: string): Selection {
  const ids = new Set(selection.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, anchor: id, active: id };
}

/**
 * Shift-click or shift-arrow: the run from the anchor to `id` in list order; with `keep`
 * (ctrl+shift) added to what was selected, otherwise instead of it.
 */
export function extendSelection(selection: Selection, id: string, order: readonly string[], keep = false): Selection {
  const anchor = selection.anchor !== undefined && order.includes(selection.anchor) ? selection.anchor : id;
  const from = order.indexOf(anchor);
  const to = order.indexOf(id);
  if (to < 0) return selection;
  const run = order.slice(Math.min(from, to), Math.max(from, to) + 1);
  return { ids: new Set([...(keep ? selection.ids : []), ...run]), anchor, active: id };
}

export function selectAll(order: readonly string[]): Selection {
  return { ids: new Set(order), anchor: order[0], active: order.at(-1) };
}

export type ArrowMove = { extend: boolean; keepSelection: boolean };

/**
 * The keyboard moved the active item to `index`: shift extends the run, ctrl moves without
 * selecting (space then toggles), a plain move selects the item alone.
 */
export function moveActive(selection: Selection, order: readonly string[], index: number, { extend, keepSelection }: ArrowMove): Selection {
  const id = order[Math.min(Math.max(index, 0), order.length - 1)];
  if (id === undefined) return selection;
  if (extend) return extendSelection(selection, id, order);
  if (keepSelection) return { ...selection, active: id };
  return selectOnly(id);
}

/** After the list changed: only items still listed stay selected or active. */
export function keepListed(selection: Selection, order: readonly string[]): Selection {
  const listed = new Set(order);
  const ids = [...selection.ids].filter((id) => listed.has(id));
  const still = (id: string | undefined) => (id !== undefined && listed.has(id) ? id : undefined);
  if (ids.length === selection.ids.size && still(selection.anchor) === selection.anchor && still(selection.active) === selection.active) return selection;
  return { ids: new Set(ids), anchor: still(selection.anchor), active: still(selection.active) };
}
