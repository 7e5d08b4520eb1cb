// How a user sees their file lists (SPEC §3.5, §5, §8): the per-user file-view setting and the
// display mode of shared-link pages, kept in local storage. Reading never fails (defaults) and
// writing never throws (logged), because a view preference must not break the page.
import { type KeyValueStorage, STORAGE_KEYS } from '../browser-storage.ts';
import { DEFAULT_SORT_ORDER, isSortOrder, type SortOrder, sortOrderFromKeyName, sortOrderKeyName } from './sort-order.ts';

export const VIEW_TYPES = ['list', 'grid', 'single', 'flow'] as const;
export type ViewType = (typeof VIEW_TYPES)[number];

/** The view types a file list offers; single and flow are previewer modes. */
export type FileViewType = Extract<ViewType, 'list' | 'grid'>;

export function isFileViewType(value: unknown): value is FileViewType {
  return value === 'list' || value === 'grid';
}

export type FileViewSetting = {
  orderType: SortOrder;
  pinFoldersTop: boolean;
  orderSettingGlobal: boolean;
  viewType: FileViewType;
  viewSettingGlobal: boolean;
};

export const DEFAULT_FILE_VIEW_SETTING: Readonly<FileViewSetting> = {
  orderType: DEFAULT_SORT_ORDER,
  pinFoldersTop: true,
  // SPEC §3.5 reads both ways; the setting is stored per user, not per folder, so it applies everywhere.
  orderSettingGlobal: true,
  viewType: 'grid',
  viewSettingGlobal: true,
};

/** What the shared-link pages remember: no "applies everywhere" flags, as they have one list each. */
export type SharedDisplayMode = Pick<FileViewSetting, 'orderType' | 'pinFoldersTop' | 'viewType'>;

/** Where failures to read or write a view preference are reported. */
export type ViewSettingLog = (message: string, error?: unknown) => void;

const warn: ViewSettingLog = (message, error) => console.warn(`[view-settings] ${message}`, error);

/** The user's local-storage key: the word global plus the user id. */
export function fileViewStorageKey(userId: string): string {
  return `global${userId}`;
}

export function readFileViewSetting(storage: KeyValueStorage, userId: string, log: ViewSettingLog = warn): FileViewSetting {
  const stored = readStoredObject(storage, fileViewStorageKey(userId), log);
  const defaults = DEFAULT_FILE_VIEW_SETTING;
  return {
    orderType: sortOrderFromKeyName(stored.orderType) ?? defaults.orderType,
    pinFoldersTop: booleanOr(stored.pinFoldersTop, defaults.pinFoldersTop),
    orderSettingGlobal: booleanOr(stored.orderSettingGlobal, defaults.orderSettingGlobal),
    viewType: isFileViewType(stored.viewType) ? stored.viewType : defaults.viewType,
    viewSettingGlobal: booleanOr(stored.viewSettingGlobal, defaults.viewSettingGlobal),
  };
}

/** Saves the setting with its order under the enum key name; a view type other than list or grid is saved as grid. */
export function writeFileViewSetting(
  storage: KeyValueStorage,
  userId: string,
  setting: Omit<FileViewSetting, 'viewType'> & { viewType: string },
  log: ViewSettingLog = warn,
): void {
  const { orderType, viewType } = storedOrderAndView(setting);
  const stored = {
    orderType,
    pinFoldersTop: setting.pinFoldersTop,
    orderSettingGlobal: setting.orderSettingGlobal,
    viewType,
    viewSettingGlobal: setting.viewSettingGlobal,
  };
  writeStoredObject(storage, fileViewStorageKey(userId), stored, log);
}

export function readSharedDisplayMode(storage: KeyValueStorage, log: ViewSettingLog = warn): SharedDisplayMode {
  const stored = readStoredObject(storage, STORAGE_KEYS.sharedDisplayMode, log);
  const defaults = DEFAULT_FILE_VIEW_SETTING;
  return {
    orderType: sortOrderFromKeyName(stored.orderType) ?? defaults.orderType,
    pinFoldersTop: booleanOr(stored.pinFoldersTop, defaults.pinFoldersTop),
    viewType: isFileViewType(stored.viewType) ? stored.viewType : defaults.viewType,
  };
}

/**
 * Saves the fields given over the saved mode; an empty mode (nothing given) is not saved.
 * Other fields than the three of a shared display mode are left out.
 */
export function writeSharedDisplayMode(
  storage: KeyValueStorage,
  mode: Partial<Omit<SharedDisplayMode, 'viewType'> & { viewType: string }> | null | undefined,
  log: ViewSettingLog = warn,
): void {
  if (!mode || (mode.orderType === undefined && mode.pinFoldersTop === undefined && mode.viewType === undefined)) return;
  const merged = { ...readSharedDisplayMode(storage, log), ...definedFields(mode) };
  const { orderType, viewType } = storedOrderAndView(merged);
  writeStoredObject(storage, STORAGE_KEYS.sharedDisplayMode, { orderType, pinFoldersTop: merged.pinFoldersTop, viewType }, log);
}

function storedOrderAndView(setting: { orderType: SortOrder; viewType: string }) {
  return {
    orderType: sortOrderKeyName(isSortOrder(setting.orderType) ? setting.orderType : DEFAULT_SORT_ORDER),
    viewType: isFileViewType(setting.viewType) ? setting.viewType : 'grid',
  };
}

function definedFields<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;
}

function booleanOr(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

function readStoredObject(storage: KeyValueStorage, key: string, log: ViewSettingLog): Record<string, unknown> {
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch (error) {
    log(`could not read ${key}; using the defaults`, error);
    return {};
  }
  if (raw === null) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    log(`${key} holds no setting; using the defaults`);
  } catch (error) {
    log(`${key} holds broken JSON; using the defaults`, error);
  }
  return {};
}

function writeStoredObject(storage: KeyValueStorage, key: string, value: object, log: ViewSettingLog): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch (error) {
    log(`could not save ${key}`, error);
  }
}
