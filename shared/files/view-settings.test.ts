import { describe, expect, it } from 'vitest';
import { type KeyValueStorage, memoryStorage, STORAGE_KEYS } from '../browser-storage.ts';
import {
  DEFAULT_FILE_VIEW_SETTING,
  type FileViewSetting,
  fileViewStorageKey,
  isFileViewType,
  readFileViewSetting,
  readSharedDisplayMode,
  writeFileViewSetting,
  writeSharedDisplayMode,
} from './view-settings.ts';

/** Collects what the module logs, so a test can see that a failure was reported and not thrown. */
function recordingLog() {
  const messages: string[] = [];
  return { messages, log: (message: string) => void messages.push(message) };
}

/** A storage that refuses to read, write, or both (private mode, full quota, blocked storage). */
function failingStorage(fail: { read?: boolean; write?: boolean }): KeyValueStorage {
  const inner = memoryStorage();
  return {
    getItem: (key) => {
      if (fail.read) throw new Error('SecurityError');
      return inner.getItem(key);
    },
    setItem: (key, value) => {
      if (fail.write) throw new Error('QuotaExceededError');
      inner.setItem(key, value);
    },
    removeItem: (key) => inner.removeItem(key),
    get length() {
      return inner.length;
    },
    key: (index) => inner.key(index),
  };
}

const custom: FileViewSetting = { orderType: 8, pinFoldersTop: false, orderSettingGlobal: false, viewType: 'list', viewSettingGlobal: false };

describe('the file-view setting defaults', () => {
  it('sort by modify time descending, pin folders on top and show a grid', () => {
    expect(DEFAULT_FILE_VIEW_SETTING).toEqual({ orderType: 6, pinFoldersTop: true, orderSettingGlobal: true, viewType: 'grid', viewSettingGlobal: true });
  });

  it('accept only list and grid as file-list views', () => {
    expect(isFileViewType('list')).toBe(true);
    expect(isFileViewType('grid')).toBe(true);
    expect(isFileViewType('flow')).toBe(false);
    expect(isFileViewType('GRID')).toBe(false);
  });
});

describe('the per-user file-view setting', () => {
  it('is kept under the word global plus the user id', () => {
    expect(fileViewStorageKey('u123')).toBe('globalu123');
    const storage = memoryStorage();
    writeFileViewSetting(storage, 'u123', custom);
    expect(storage.key(0)).toBe('globalu123');
  });

  it('stores the order type under its enum key name and maps it back on read', () => {
    const storage = memoryStorage();
    writeFileViewSetting(storage, 'u1', custom);
    expect(JSON.parse(storage.getItem('globalu1') ?? '')).toEqual({ ...custom, orderType: 'SIZE_DESC' });
    expect(readFileViewSetting(storage, 'u1')).toEqual(custom);
  });

  it('round-trips every sort order, name orders included', () => {
    const storage = memoryStorage();
    for (const orderType of ['NAME_ASC', 'NAME_DESC', 3, 5, 6, 7, 8] as const) {
      writeFileViewSetting(storage, 'u1', { ...custom, orderType });
      expect(readFileViewSetting(storage, 'u1').orderType).toBe(orderType);
    }
  });

  it('keeps each user apart', () => {
    const storage = memoryStorage();
    writeFileViewSetting(storage, 'alice', custom);
    expect(readFileViewSetting(storage, 'bob')).toEqual(DEFAULT_FILE_VIEW_SETTING);
    expect(readFileViewSetting(storage, 'alice')).toEqual(custom);
  });

  it('saves a view type other than list or grid as grid', () => {
    const storage = memoryStorage();
    writeFileViewSetting(storage, 'u1', { ...custom, viewType: 'flow' });
    expect(JSON.parse(storage.getItem('globalu1') ?? '').viewType).toBe('grid');
    expect(readFileViewSetting(storage, 'u1').viewType).toBe('grid');
  });

  it('reads the defaults when nothing is saved', () => {
    const { messages, log } = recordingLog();
    expect(readFileViewSetting(memoryStorage(), 'u1', log)).toEqual(DEFAULT_FILE_VIEW_SETTING);
    expect(messages).toEqual([]);
  });

  it('reads the defaults, and logs, when the saved value is broken JSON or not an object', () => {
    for (const raw of ['{broken', '"text"', '[1,2]', 'null', '7']) {
      const { messages, log } = recordingLog();
      expect(readFileViewSetting(memoryStorage({ globalu1: raw }), 'u1', log)).toEqual(DEFAULT_FILE_VIEW_SETTING);
      expect(messages).toHaveLength(1);
    }
  });

  it('replaces each unusable saved field by its default and keeps the good ones', () => {
    const saved = JSON.stringify({ orderType: 6, pinFoldersTop: 'yes', orderSettingGlobal: false, viewType: 'single', viewSettingGlobal: false });
    expect(readFileViewSetting(memoryStorage({ globalu1: saved }), 'u1')).toEqual({
      orderType: 6,
      pinFoldersTop: true,
      orderSettingGlobal: false,
      viewType: 'grid',
      viewSettingGlobal: false,
    });
    const unknownOrder = JSON.stringify({ ...custom, orderType: 'SIZE_SIDEWAYS' });
    expect(readFileViewSetting(memoryStorage({ globalu1: unknownOrder }), 'u1').orderType).toBe(6);
  });

  it('falls back to the defaults and logs when storage cannot be read', () => {
    const { messages, log } = recordingLog();
    expect(readFileViewSetting(failingStorage({ read: true }), 'u1', log)).toEqual(DEFAULT_FILE_VIEW_SETTING);
    expect(messages).toHaveLength(1);
  });

  it('logs a failed save and never throws', () => {
    const { messages, log } = recordingLog();
    expect(() => writeFileViewSetting(failingStorage({ write: true }), 'u1', custom, log)).not.toThrow();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('globalu1');
  });

  it('saves only the five setting fields', () => {
    const storage = memoryStorage();
    writeFileViewSetting(storage, 'u1', { ...custom, extra: 'leak' } as FileViewSetting);
    expect(Object.keys(JSON.parse(storage.getItem('globalu1') ?? ''))).toEqual([
      'orderType',
      'pinFoldersTop',
      'orderSettingGlobal',
      'viewType',
      'viewSettingGlobal',
    ]);
  });
});

describe('the shared display mode', () => {
  it('keeps only the order type, pinned folders and view type under pp_shared_display_mode', () => {
    const storage = memoryStorage();
    writeSharedDisplayMode(storage, { orderType: 'NAME_ASC', pinFoldersTop: false, viewType: 'list', orderSettingGlobal: true } as never);
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.sharedDisplayMode) ?? '')).toEqual({ orderType: 'NAME_ASC', pinFoldersTop: false, viewType: 'list' });
    expect(readSharedDisplayMode(storage)).toEqual({ orderType: 'NAME_ASC', pinFoldersTop: false, viewType: 'list' });
  });

  it('does not save an empty mode', () => {
    const storage = memoryStorage();
    for (const mode of [undefined, null, {}, { viewType: undefined }]) writeSharedDisplayMode(storage, mode);
    expect(storage.length).toBe(0);
  });

  it('changes only the fields given, keeping the rest of the saved mode', () => {
    const storage = memoryStorage();
    writeSharedDisplayMode(storage, { orderType: 7, pinFoldersTop: false, viewType: 'list' });
    writeSharedDisplayMode(storage, { viewType: 'grid' });
    expect(readSharedDisplayMode(storage)).toEqual({ orderType: 7, pinFoldersTop: false, viewType: 'grid' });
  });

  it('saves a view type other than list or grid as grid', () => {
    const storage = memoryStorage();
    writeSharedDisplayMode(storage, { viewType: 'single' });
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.sharedDisplayMode) ?? '').viewType).toBe('grid');
  });

  it('reads the defaults from nothing, broken JSON or unreadable storage', () => {
    const defaults = { orderType: 6, pinFoldersTop: true, viewType: 'grid' };
    const { messages, log } = recordingLog();
    expect(readSharedDisplayMode(memoryStorage(), log)).toEqual(defaults);
    expect(readSharedDisplayMode(memoryStorage({ [STORAGE_KEYS.sharedDisplayMode]: '{oops' }), log)).toEqual(defaults);
    expect(readSharedDisplayMode(failingStorage({ read: true }), log)).toEqual(defaults);
    expect(messages).toHaveLength(2);
  });

  it('logs a failed save and never throws', () => {
    const { messages, log } = recordingLog();
    expect(() => writeSharedDisplayMode(failingStorage({ write: true }), { viewType: 'list' }, log)).not.toThrow();
    expect(messages).toHaveLength(1);
  });

  it('is separate from every user setting', () => {
    const storage = memoryStorage();
    writeSharedDisplayMode(storage, { viewType: 'list' });
    expect(readFileViewSetting(storage, '')).toEqual(DEFAULT_FILE_VIEW_SETTING);
  });
});
