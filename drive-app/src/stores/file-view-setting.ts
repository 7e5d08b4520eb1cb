// How the signed-in user sees their file lists (SPEC §3.5): view type, order and folders on top,
// read from local storage once per user and saved there on every change.
import { atom, type ReadableAtom, type WritableAtom } from 'nanostores';
import { type FileViewSetting, readFileViewSetting, writeFileViewSetting } from '#shared/files/view-settings.ts';

const settings = new Map<string, WritableAtom<FileViewSetting>>();

function settingAtom(userId: string): WritableAtom<FileViewSetting> {
  let setting = settings.get(userId);
  if (!setting) {
    setting = atom(readFileViewSetting(localStorage, userId));
    settings.set(userId, setting);
  }
  return setting;
}

export function fileViewSettingOf(userId: string): ReadableAtom<FileViewSetting> {
  return settingAtom(userId);
}

export function changeFileViewSetting(userId: string, change: Partial<FileViewSetting>): void {
  const setting = settingAtom(userId);
  const next = { ...setting.get(), ...change };
  setting.set(next);
  writeFileViewSetting(localStorage, userId, next);
}
