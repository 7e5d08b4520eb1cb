// The drive app's addresses (SPEC §2.4), named once: the server's page resolver, the app's route
// table and sidebar, embedded-mode links and the site's drive layout all read them here.
import type { MessageKey } from './i18n/translator.ts';

/** Paths the drive app answers itself (a share's own path gets the share page). */
export const APP_ROUTE_PREFIXES = ['/s', '/drive', '/auth', '/loading', '/referral', '/admin', '/tv'] as const;

/** The drive's own pages, where embedded-mode links may point. */
export const DRIVE_PATH = '/drive';

export const SIGN_IN_PATH = '/auth';
/** The sign-in page under the drive's own prefix, for links that must stay under /drive. */
export const DRIVE_SIGN_IN_PATH = '/drive/login';
/** Where the links of account e-mails lead, with the link's token as `?token=`. */
export const VERIFY_EMAIL_PATH = '/auth/verify';
export const RESET_PASSWORD_PATH = '/auth/reset';
/** Where a person types the code a TV (or another device without a keyboard) shows, to let it in. */
export const DEVICE_SIGN_IN_PATH = '/auth/device';
export const LOADING_PATH = '/loading';
export const ALL_FILES_PATH = '/drive/all';
export const FOLDER_PATH_PATTERN = '/drive/all/:folderId';
export const RECENT_PATH = '/drive/recent';
export const SEARCH_PATH = '/drive/search';
export const MY_SHARES_PATH = '/drive/shares';
export const TRASH_PATH = '/drive/trash';
export const DOWNLOADS_PATH = '/drive/downloads';
export const ACCOUNT_PATH = '/drive/account';
/** Premium and what it gives; storage and download traffic have pages of their own (SPEC §2.4). */
export const PAYMENT_PATH = '/drive/payment';
export const PAYMENT_STORAGE_PATH = '/drive/payment/storage';
export const PAYMENT_TRAFFIC_PATH = '/drive/payment/traffic';
/** Where an invite link leads (SPEC §2.4 /referral): it keeps the code for the sign-up that follows. */
export const REFERRAL_PATH = '/referral';

/**
 * The drive on a TV: a lean-back page for a TV's browser or a TV app's web view, moved through with
 * the arrow keys, OK and Back, signed in with a code typed on a phone (DEVICE_SIGN_IN_PATH).
 */
export const TV_PATH = '/tv';

/** The operator console (for accounts with the admin role): a section of the drive app. */
export const CONSOLE_PATH = '/admin';
export const CONSOLE_USERS_PATH = '/admin/users';
export const CONSOLE_USER_PATTERN = '/admin/users/:userId';
export const CONSOLE_REPORTS_PATH = '/admin/reports';
export const CONSOLE_CODES_PATH = '/admin/codes';
export const CONSOLE_PLANS_PATH = '/admin/plans';
export const CONSOLE_SETTINGS_PATH = '/admin/settings';
export const CONSOLE_AUDIT_PATH = '/admin/audit';

/** An account's page in the console. */
export function consoleUserPath(userId: string): string {
  return `${CONSOLE_USERS_PATH}/${encodeURIComponent(userId)}`;
}

/** Every page of the drive app, as route patterns: anything else under its prefixes is not found. */
export const APP_PAGES = [
  SIGN_IN_PATH,
  DRIVE_SIGN_IN_PATH,
  RESET_PASSWORD_PATH,
  VERIFY_EMAIL_PATH,
  DEVICE_SIGN_IN_PATH,
  LOADING_PATH,
  ALL_FILES_PATH,
  FOLDER_PATH_PATTERN,
  RECENT_PATH,
  SEARCH_PATH,
  MY_SHARES_PATH,
  TRASH_PATH,
  DOWNLOADS_PATH,
  ACCOUNT_PATH,
  PAYMENT_PATH,
  PAYMENT_STORAGE_PATH,
  PAYMENT_TRAFFIC_PATH,
  REFERRAL_PATH,
  TV_PATH,
  CONSOLE_PATH,
  CONSOLE_USERS_PATH,
  CONSOLE_USER_PATTERN,
  CONSOLE_REPORTS_PATH,
  CONSOLE_CODES_PATH,
  CONSOLE_PLANS_PATH,
  CONSOLE_SETTINGS_PATH,
  CONSOLE_AUDIT_PATH,
] as const;

export function isAppRoute(path: string): boolean {
  return APP_ROUTE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** The sign-in page that comes back to `returnTo` (a path of this site) afterwards. */
export function signInPathFor(returnTo: string): string {
  return `${SIGN_IN_PATH}?${new URLSearchParams({ redirect: returnTo })}`;
}

/** The search page for `text` (the embedded `search` action lands here too). */
export function searchPath(text: string): string {
  return `${SEARCH_PATH}?${new URLSearchParams({ q: text })}`;
}

/** A folder's page; the root is /drive/all itself. */
export function folderPath(folderId: string): string {
  return folderId ? `${ALL_FILES_PATH}/${encodeURIComponent(folderId)}` : ALL_FILES_PATH;
}

export type DriveSection = { path: string; labelKey: MessageKey };

/** The sections of the drive in its sidebar, in the app and in the site's drive layout alike. */
export const DRIVE_SECTIONS: readonly DriveSection[] = [
  { path: ALL_FILES_PATH, labelKey: 'drive.sidebar.allFiles' },
  { path: RECENT_PATH, labelKey: 'drive.sidebar.recent' },
  { path: MY_SHARES_PATH, labelKey: 'drive.sidebar.myShares' },
  { path: DOWNLOADS_PATH, labelKey: 'offline.title' },
  { path: TRASH_PATH, labelKey: 'drive.sidebar.trash' },
  { path: PAYMENT_PATH, labelKey: 'drive.sidebar.premium' },
  { path: ACCOUNT_PATH, labelKey: 'drive.sidebar.account' },
];

/** The console's sections, in its navigation. */
export const CONSOLE_SECTIONS: readonly DriveSection[] = [
  { path: CONSOLE_PATH, labelKey: 'console.nav.overview' },
  { path: CONSOLE_USERS_PATH, labelKey: 'console.nav.users' },
  { path: CONSOLE_REPORTS_PATH, labelKey: 'console.nav.reports' },
  { path: CONSOLE_CODES_PATH, labelKey: 'console.nav.codes' },
  { path: CONSOLE_PLANS_PATH, labelKey: 'console.nav.plans' },
  { path: CONSOLE_SETTINGS_PATH, labelKey: 'console.nav.settings' },
  { path: CONSOLE_AUDIT_PATH, labelKey: 'console.nav.audit' },
];
