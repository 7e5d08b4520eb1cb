import { describe, it, expect } from 'vitest';
import {
  ACTIONS,
  DOWNLOAD_TARGETS,
  ENTRY_SOURCES,
  EXTENSION_PROMPT_KINDS,
  NEW_USER_STATES,
  PLATFORMS,
  PLATFORM_CODES,
  RESTORE_STATUSES,
  SAVE_SOURCES,
  SETTINGS_KEYS,
  SHARE_PAGE_MESSAGE_KINDS,
  SHARE_STATUSES,
  TASK_PHASES,
  VIEW_TYPES,
  isAction,
  isDownloadTarget,
  isEntrySource,
  isExtensionPromptKind,
  isNewUserState,
  isPlatform,
  isPlatformCode,
  isRestoreStatus,
  isSaveSource,
  isSettingsKey,
  isSharePageMessageKind,
  isShareStatus,
  isTaskPhase,
  isViewType,
} from './enums.ts';

describe('enumerations', () => {
  it('lists the share check results of SPEC §4, OK first and PROHIBITED last', () => {
    expect(SHARE_STATUSES).toEqual([
      'OK',
      'PASS_CODE_EMPTY',
      'PASS_CODE_ERROR',
      'MAX_RESTORE_COUNT',
      'EXPIRED',
      'DELETED',
      'SENSITIVE_RESOURCE',
      'SENSITIVE_WORD',
      'AUDITING',
      'NOT_FOUND',
      'PROHIBITED',
    ]);
  });

  it('keeps the API spelling PHASE_TYPE_UNKNOW among the six task phases', () => {
    expect(TASK_PHASES).toHaveLength(6);
    expect(isTaskPhase('PHASE_TYPE_UNKNOW')).toBe(true);
    expect(isTaskPhase('PHASE_TYPE_UNKNOWN')).toBe(false);
  });

  it('numbers platforms as PC 0, WEB 1, WAP 3, MAC 4, ANDROID 10, LINUX 12', () => {
    expect(PLATFORM_CODES).toEqual({ PC: 0, WEB: 1, WAP: 3, MAC: 4, ANDROID: 10, LINUX: 12 });
    expect(isPlatformCode(10)).toBe(true);
    expect(isPlatformCode(2)).toBe(false);
    expect(isPlatformCode('10')).toBe(false);
  });

  it('counts an empty new-user state as a valid state (a brand-new user)', () => {
    expect(NEW_USER_STATES).toEqual(['success', 'init', 'toget', '']);
    expect(isNewUserState('')).toBe(true);
    expect(isNewUserState(undefined)).toBe(false);
    expect(isNewUserState('done')).toBe(false);
  });

  it('has twenty action values, the four in-app ones among them', () => {
    expect(ACTIONS).toHaveLength(20);
    for (const action of ['open_file', 'show_task', 'highlight_files', 'search']) expect(isAction(action)).toBe(true);
    expect(isAction('delete_everything')).toBe(false);
  });

  const tables = [
    { name: 'view types', values: VIEW_TYPES, guard: isViewType, count: 4 },
    { name: 'action values', values: ACTIONS, guard: isAction, count: 20 },
    { name: 'platforms', values: PLATFORMS, guard: isPlatform, count: 4 },
    { name: 'download targets', values: DOWNLOAD_TARGETS, guard: isDownloadTarget, count: 5 },
    { name: 'entry sources', values: ENTRY_SOURCES, guard: isEntrySource, count: 8 },
    { name: 'save sources', values: SAVE_SOURCES, guard: isSaveSource, count: 8 },
    { name: 'settings keys', values: SETTINGS_KEYS, guard: isSettingsKey, count: 6 },
    { name: 'extension prompt kinds', values: EXTENSION_PROMPT_KINDS, guard: isExtensionPromptKind, count: 7 },
    { name: 'share-page message kinds', values: SHARE_PAGE_MESSAGE_KINDS, guard: isSharePageMessageKind, count: 5 },
    { name: 'share statuses', values: SHARE_STATUSES, guard: isShareStatus, count: 11 },
    { name: 'restore statuses', values: RESTORE_STATUSES, guard: isRestoreStatus, count: 3 },
    { name: 'task phases', values: TASK_PHASES, guard: isTaskPhase, count: 6 },
  ] as const;

  it.each(tables)('holds the $count $name of the spec without repeats', ({ values, count }) => {
    expect(values).toHaveLength(count);
    expect(new Set<string>(values).size).toBe(count);
  });

  it.each(tables)('accepts every one of the $name and nothing else', ({ values, guard }) => {
    for (const value of values) expect(guard(value)).toBe(true);
    const first: string = values[0];
    const otherCase = first === first.toUpperCase() ? first.toLowerCase() : first.toUpperCase();
    expect(guard(`${first}x`)).toBe(false);
    expect(guard(otherCase)).toBe(false);
    expect(guard(undefined)).toBe(false);
    expect(guard(0)).toBe(false);
  });

  it('spells the platforms as users see them', () => {
    expect(PLATFORMS).toEqual(['iOS', 'Android', 'Mac OS', 'Windows']);
  });
});
