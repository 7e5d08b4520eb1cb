import { describe, expect, it } from 'vitest';
import { actionForKey, ariaKeyShortcuts, matchesShortcut, shortcutHint } from './shortcuts.ts';
import { type ActionContext, defineAction } from './types.ts';

const press = (key: string, modifiers: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...modifiers,
});

describe('matchesShortcut', () => {
  it('matches the key with exactly its modifiers', () => {
    expect(matchesShortcut(press('F2'), { key: 'F2' })).toBe(true);
    expect(matchesShortcut(press('N', { shiftKey: true }), { key: 'n', shift: true })).toBe(true);
    expect(matchesShortcut(press('n'), { key: 'n', shift: true })).toBe(false);
    expect(matchesShortcut(press('s', { ctrlKey: true }), { key: 's' })).toBe(false);
    expect(matchesShortcut(press('s', { altKey: true }), { key: 's' })).toBe(false);
  });

  it('takes Ctrl or Cmd for mod', () => {
    expect(matchesShortcut(press('Backspace', { ctrlKey: true }), { key: 'Backspace', mod: true })).toBe(true);
    expect(matchesShortcut(press('Backspace', { metaKey: true }), { key: 'Backspace', mod: true })).toBe(true);
  });
});

describe('actionForKey', () => {
  const context = { files: [] } as unknown as ActionContext;
  const star = defineAction({
    id: 'star',
    label: 'files.action.star',
    icon: 'star',
    scope: 'selection',
    shortcuts: [{ key: 's' }],
    visible: () => false,
    perform: () => {},
  });
  const unstar = defineAction({
    id: 'unstar',
    label: 'files.action.unstar',
    icon: 'star',
    scope: 'selection',
    shortcuts: [{ key: 's' }],
    visible: () => true,
    perform: () => {},
  });

  it('runs the action the key belongs to among those offered here', () => {
    expect(actionForKey(press('s'), [star, unstar], context)?.id).toBe('unstar');
    expect(actionForKey(press('x'), [star, unstar], context)).toBeUndefined();
  });
});

describe('shortcut spellings', () => {
  it('announces and shows each shortcut', () => {
    expect(ariaKeyShortcuts([{ key: 'Delete' }, { key: 'Backspace', mod: true }])).toBe('Delete Control+Backspace');
    expect(ariaKeyShortcuts([{ key: 'n', shift: true }])).toBe('Shift+N');
    expect(ariaKeyShortcuts(undefined)).toBeUndefined();
    expect(shortcutHint([{ key: 'n', shift: true }], false)).toBe('Shift+N');
    expect(shortcutHint([{ key: 'n', shift: true }], true)).toBe('⇧N');
    expect(shortcutHint([{ key: 'Delete' }], false)).toBe('Del');
  });
});
