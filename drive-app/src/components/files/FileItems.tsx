import { useStore } from '@nanostores/react';
import { type KeyboardEvent, type MouseEvent, type Ref, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { DriveFile } from '#shared/api/files.ts';
import type { FileViewType } from '#shared/files/view-settings.ts';
import { extendSelection, moveActive, NO_SELECTION, type Selection, selectAll, selectOnly, toggleSelected } from '../../files/selection.ts';
import { gridColumns, listWindow, scrollToShowRow } from '../../files/windowing.ts';
import { useT } from '../../i18n.ts';
import { $layout } from '../../stores/layout.ts';
import { FileItem } from './FileItem.tsx';

export type MenuRequest = { file: DriveFile | undefined; at: { x: number; y: number } };

type Props = {
  /** The listbox, which the focus goes back to after a menu. */
  listboxRef?: Ref<HTMLDivElement>;
  files: readonly DriveFile[];
  /** False while more pages are to come, so the total is not known yet. */
  complete?: boolean;
  view: FileViewType;
  label: string;
  selection: Selection;
  onSelectionChange(selection: Selection): void;
  onOpen(file: DriveFile): void;
  /** A context menu asked for, on an item or (file undefined) on the list itself. */
  onMenu(request: MenuRequest): void;
  /** Runs the action a key press is the shortcut of; true when there was one. */
  onActionKey(event: KeyboardEvent): boolean;
  /** The user is close to the end of what is loaded. */
  onNearEnd(): void;
};

/** Row and tile sizes, which the window arithmetic relies on (styles.css draws them). */
const SIZES = {
  list: { desktop: { rowHeight: 48, minWidth: 0 }, mobile: { rowHeight: 56, minWidth: 0 } },
  grid: { desktop: { rowHeight: 176, minWidth: 148 }, mobile: { rowHeight: 156, minWidth: 108 } },
} as const;
const GRID_GAP = 12;
/** Fetch the next page this many rows before the end comes into view. */
const PREFETCH_ROWS = 10;

/**
 * The items of a folder or of the trash as a multi-select listbox that renders only what is in
 * view. Click, ctrl/cmd-click and shift-click select; arrows, Home/End and Page keys move (shift
 * extends, ctrl moves without selecting, Space toggles), Ctrl+A selects all, Escape clears.
 */
export function FileItems({ listboxRef, files, complete = true, view, label, selection, onSelectionChange, onOpen, onMenu, onActionKey, onNearEnd }: Props) {
  const t = useT();
  const { isMobile } = useStore($layout);
  const idPrefix = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState({ width: 0, height: 0, scrollTop: 0 });

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => setViewport({ width: element.clientWidth, height: element.clientHeight, scrollTop: element.scrollTop });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const { rowHeight, minWidth } = SIZES[view][isMobile ? 'mobile' : 'desktop'];
  const columns = view === 'grid' ? gridColumns(viewport.width - 2 * GRID_GAP, minWidth, GRID_GAP) : 1;
  const shown = listWindow({ itemCount: files.length, columns, rowHeight, scrollTop: viewport.scrollTop, viewportHeight: viewport.height || innerHeight });
  const order = useMemo(() => files.map((file) => file.id), [files]);
  const indexOf = useMemo(() => new Map(order.map((id, index) => [id, index])), [order]);
  const optionId = (fileId: string) => `${idPrefix}-${fileId}`;

  useEffect(() => {
    if (shown.end >= files.length - columns * PREFETCH_ROWS) onNearEnd();
  }, [shown.end, files.length, columns, onNearEnd]);

  function showItem(index: number | undefined) {
    const element = scroller.current;
    if (!element || index === undefined) return;
    const top = scrollToShowRow(Math.floor(index / columns), rowHeight, element.scrollTop, element.clientHeight);
    if (top !== undefined) element.scrollTop = top;
  }

  function openMenuFromKeyboard() {
    const active = selection.active;
    const box = (active && document.getElementById(optionId(active))?.getBoundingClientRect()) || scroller.current?.getBoundingClientRect();
    const file = active && selection.ids.has(active) ? files[indexOf.get(active) ?? -1] : undefined;
    if (box) onMenu({ file, at: { x: box.left + 24, y: box.top + Math.min(box.height, 40) } });
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (onActionKey(event)) return;
    const current = selection.active === undefined ? -1 : (indexOf.get(selection.active) ?? -1);
    const perPage = Math.max(1, Math.floor((scroller.current?.clientHeight ?? rowHeight) / rowHeight)) * columns;
    const across = view === 'grid' ? 1 : undefined;
    const targets: Record<string, number | undefined> = {
      ArrowDown: current + columns,
      ArrowUp: current - columns,
      ArrowRight: across && current + across,
      ArrowLeft: across && current - across,
      Home: 0,
      End: files.length - 1,
      PageDown: current + perPage,
      PageUp: current - perPage,
    };
    const target = targets[event.key];
    const mod = event.ctrlKey || event.metaKey;
    if (target !== undefined && files.length > 0) {
      event.preventDefault();
      const next = moveActive(selection, order, current < 0 ? 0 : target, { extend: event.shiftKey, keepSelection: mod });
      onSelectionChange(next);
      showItem(next.active === undefined ? undefined : indexOf.get(next.active));
    } else if (event.key === ' ' && selection.active !== undefined) {
      event.preventDefault();
      onSelectionChange(toggleSelected(selection, selection.active));
    } else if (mod && event.key.toLowerCase() === 'a') {
      event.preventDefault();
      onSelectionChange(selectAll(order));
    } else if (event.key === 'Escape' && selection.ids.size > 0) {
      event.preventDefault();
      onSelectionChange(NO_SELECTION);
    }
  }

  function onItemClick(event: MouseEvent, file: DriveFile) {
    event.stopPropagation();
    const mod = event.ctrlKey || event.metaKey;
    if (event.shiftKey) onSelectionChange(extendSelection(selection, file.id, order, mod));
    else if (mod) onSelectionChange(toggleSelected(selection, file.id));
    else {
      onSelectionChange(selectOnly(file.id));
      // A touch screen has no double click: a tap opens (a long press opens the menu).
      if (isMobile) onOpen(file);
    }
  }

  function onItemMenu(event: MouseEvent, file: DriveFile) {
    event.preventDefault();
    event.stopPropagation();
    if (!selection.ids.has(file.id)) onSelectionChange(selectOnly(file.id));
    onMenu({ file, at: { x: event.clientX, y: event.clientY } });
  }

  const activeRendered =
    selection.active !== undefined && (indexOf.get(selection.active) ?? -1) >= shown.start && (indexOf.get(selection.active) ?? -1) < shown.end;
  return (
    <>
      {view === 'list' && (
        <div className="file-list-head" aria-hidden="true">
          <span className="file-name">{t('files.column.name')}</span>
          <span className="file-modified">{t('files.column.modified')}</span>
          <span className="file-size">{t('files.column.size')}</span>
        </div>
      )}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: a click on the empty space clears the selection, as Escape does from the listbox */}
      <div
        ref={scroller}
        className="file-scroller"
        onScroll={(event) => {
          const { scrollTop } = event.currentTarget;
          setViewport((previous) => (previous.scrollTop === scrollTop ? previous : { ...previous, scrollTop }));
        }}
        onClick={() => selection.ids.size > 0 && onSelectionChange(NO_SELECTION)}
        onContextMenu={(event) => {
          event.preventDefault();
          onSelectionChange(NO_SELECTION);
          onMenu({ file: undefined, at: { x: event.clientX, y: event.clientY } });
        }}
      >
        <div
          ref={listboxRef}
          role="listbox"
          aria-label={label}
          aria-multiselectable="true"
          aria-activedescendant={activeRendered ? optionId(selection.active!) : undefined}
          tabIndex={0}
          className="file-items"
          style={{ height: shown.totalHeight }}
          onKeyDown={onKeyDown}
          onContextMenu={(event) => {
            // The menu key and Shift+F10 open the menu where the keyboard is, not at a pointer.
            if (event.button === 2) return;
            event.preventDefault();
            event.stopPropagation();
            openMenuFromKeyboard();
          }}
        >
          <div
            className={`file-window file-window-${view}`}
            style={{ transform: `translateY(${shown.offsetTop}px)`, gridTemplateColumns: view === 'grid' ? `repeat(${columns}, minmax(0, 1fr))` : undefined }}
          >
            {files.slice(shown.start, shown.end).map((file, offset) => (
              <FileItem
                key={file.id}
                file={file}
                view={view}
                id={optionId(file.id)}
                selected={selection.ids.has(file.id)}
                active={selection.active === file.id}
                position={shown.start + offset + 1}
                count={complete ? files.length : -1}
                onClick={onItemClick}
                onDoubleClick={onOpen}
                onContextMenu={onItemMenu}
              />
            ))}
          </div>
        </div>
      </div>
    </>
  );
}
