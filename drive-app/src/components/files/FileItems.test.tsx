// @vitest-environment happy-dom

import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DriveFile } from '#shared/api/files.ts';
import { NO_SELECTION, type Selection } from '../../files/selection.ts';
import { loadEnglishMessages } from '../../testing/english-messages.ts';
import { FileItems } from './FileItems.tsx';

const file = (n: number): DriveFile =>
  ({
    id: `f${n}`,
    kind: 'drive#file',
    name: `file ${n}.txt`,
    size: '10',
    mime_type: 'text/plain',
    modified_time: '2026-01-01T00:00:00.000Z',
    starred: false,
    phase: 'PHASE_TYPE_COMPLETE',
  }) as DriveFile;

function List({
  files,
  onOpen = () => {},
  onActionKey = () => false,
  onNearEnd = () => {},
}: {
  files: DriveFile[];
  onOpen?: (file: DriveFile) => void;
  onActionKey?: () => boolean;
  onNearEnd?: () => void;
}) {
  const [selection, setSelection] = useState<Selection>(NO_SELECTION);
  return (
    <FileItems
      files={files}
      view="list"
      label="Files and folders"
      selection={selection}
      onSelectionChange={setSelection}
      onOpen={onOpen}
      onMenu={() => {}}
      onActionKey={onActionKey}
      onNearEnd={onNearEnd}
    />
  );
}

const selectedNames = () =>
  screen
    .getAllByRole('option')
    .filter((option) => option.getAttribute('aria-selected') === 'true')
    .map((option) => option.querySelector('.file-name')?.textContent);

/** A listed file by its name, which starts its option's accessible name (its date and size follow). */
const option = (name: string) => screen.getByRole('option', { name: (accessibleName) => accessibleName.startsWith(`${name} `) });

describe('FileItems', () => {
  beforeEach(() => {
    cleanup();
    loadEnglishMessages();
  });

  it('puts only the rows in view in the page, however long the list', () => {
    const onNearEnd = vi.fn();
    render(<List files={Array.from({ length: 100_000 }, (_, n) => file(n))} onNearEnd={onNearEnd} />);
    const options = screen.getAllByRole('option');
    expect(options.length).toBeGreaterThan(5);
    expect(options.length).toBeLessThan(100);
    expect(options[0]?.getAttribute('aria-setsize')).toBe('100000');
    expect(onNearEnd).not.toHaveBeenCalled();
  });

  it('asks for the next page when the end of what is loaded comes near', () => {
    const onNearEnd = vi.fn();
    render(<List files={Array.from({ length: 20 }, (_, n) => file(n))} onNearEnd={onNearEnd} />);
    expect(onNearEnd).toHaveBeenCalled();
  });

  it('selects with click, ctrl-click and shift-click', () => {
    render(<List files={[0, 1, 2, 3].map(file)} />);
    fireEvent.click(option('file 1.txt'));
    expect(selectedNames()).toEqual(['file 1.txt']);
    fireEvent.click(option('file 3.txt'), { ctrlKey: true });
    expect(selectedNames()).toEqual(['file 1.txt', 'file 3.txt']);
    // The run goes from the last item clicked (the anchor) to this one.
    fireEvent.click(option('file 2.txt'), { shiftKey: true });
    expect(selectedNames()).toEqual(['file 2.txt', 'file 3.txt']);
  });

  it('moves and extends the selection from the keyboard, and opens with a double click', () => {
    const onOpen = vi.fn();
    render(<List files={[0, 1, 2, 3].map(file)} onOpen={onOpen} />);
    const list = screen.getByRole('listbox', { name: 'Files and folders' });
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    expect(selectedNames()).toEqual(['file 0.txt']);
    expect(list.getAttribute('aria-activedescendant')).toBe(option('file 0.txt').id);
    fireEvent.keyDown(list, { key: 'ArrowDown', shiftKey: true });
    fireEvent.keyDown(list, { key: 'ArrowDown', shiftKey: true });
    expect(selectedNames()).toEqual(['file 0.txt', 'file 1.txt', 'file 2.txt']);
    fireEvent.keyDown(list, { key: 'Escape' });
    expect(selectedNames()).toEqual([]);
    fireEvent.keyDown(list, { key: 'a', ctrlKey: true });
    expect(selectedNames()).toHaveLength(4);
    fireEvent.doubleClick(option('file 2.txt'));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 'f2' }));
  });

  it('leaves a key that runs an action to the action', () => {
    const onActionKey = vi.fn(() => true);
    render(<List files={[0, 1].map(file)} onActionKey={onActionKey} />);
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'ArrowDown' });
    expect(selectedNames()).toEqual([]);
    expect(onActionKey).toHaveBeenCalledTimes(1);
  });
});
