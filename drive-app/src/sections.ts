// The sections of the drive shown in the sidebar. Each feature adds its entry when it lands
// (all files, recent, trash, …); the shell itself has none of its own.
import type { MessageKey } from '#shared/i18n/translator.ts';
import { ALL_FILES_PATH, MY_SHARES_PATH, RECENT_PATH, TRASH_PATH } from './files/drive-paths.ts';

export type DriveSection = { path: string; labelKey: MessageKey };

export const DRIVE_SECTIONS: readonly DriveSection[] = [
  { path: ALL_FILES_PATH, labelKey: 'drive.sidebar.allFiles' },
  { path: RECENT_PATH, labelKey: 'drive.sidebar.recent' },
  { path: MY_SHARES_PATH, labelKey: 'drive.sidebar.myShares' },
  { path: TRASH_PATH, labelKey: 'drive.sidebar.trash' },
  { path: '/drive/account', labelKey: 'drive.sidebar.account' },
];
