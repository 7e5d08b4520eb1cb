// The product's enumerations (SPEC §3.6, §4), each once, as the values that travel on the wire and
// in URLs. Sort orders live in files/sort-order.ts, user types in premium.ts.

function isOneOf<const T extends readonly (string | number)[]>(values: T, value: unknown): value is T[number] {
  return (values as readonly unknown[]).includes(value);
}

export const VIEW_TYPES = ['list', 'grid', 'single', 'flow'] as const;
export type ViewType = (typeof VIEW_TYPES)[number];
export const isViewType = (value: unknown): value is ViewType => isOneOf(VIEW_TYPES, value);

/** Task and file phases; PHASE_TYPE_UNKNOW is spelled as the API spells it. */
export const TASK_PHASES = [
  'PHASE_TYPE_UNKNOW',
  'PHASE_TYPE_PENDING',
  'PHASE_TYPE_RUNNING',
  'PHASE_TYPE_ERROR',
  'PHASE_TYPE_COMPLETE',
  'PHASE_TYPE_PAUSED',
] as const;
export type TaskPhase = (typeof TASK_PHASES)[number];
export const isTaskPhase = (value: unknown): value is TaskPhase => isOneOf(TASK_PHASES, value);

/** Values of the `action` entry parameter and of the frame messages (SPEC §2.6, §2.7). */
export const ACTIONS = [
  'show_task',
  'open_file',
  'highlight_files',
  'create_task',
  'show_storage_dialog',
  'show_mobile_sidebar',
  'move_files',
  'open_redeem_box',
  'search',
  'open_feedback',
  'login_required',
  'show_traffic_dialog',
  'show_invite_dialog',
  'show_beginner_dialog',
  'show_activity_dialog',
  'show_popup_window',
  'login_to_drive',
  'show_login',
  'url_checker',
  'landing_page',
] as const;
export type Action = (typeof ACTIONS)[number];
export const isAction = (value: unknown): value is Action => isOneOf(ACTIONS, value);

export const PLATFORMS = ['iOS', 'Android', 'Mac OS', 'Windows'] as const;
export type Platform = (typeof PLATFORMS)[number];
export const isPlatform = (value: unknown): value is Platform => isOneOf(PLATFORMS, value);

export const PLATFORM_CODES = { PC: 0, WEB: 1, WAP: 3, MAC: 4, ANDROID: 10, LINUX: 12 } as const;
export type PlatformName = keyof typeof PLATFORM_CODES;
export type PlatformCode = (typeof PLATFORM_CODES)[PlatformName];
const PLATFORM_CODE_VALUES: readonly PlatformCode[] = Object.values(PLATFORM_CODES);
export const isPlatformCode = (value: unknown): value is PlatformCode => isOneOf(PLATFORM_CODE_VALUES, value);

/** Where the download pages send people: android (apk), ios (App Store), gp (Google Play), tv (TV apk), windows. */
export const DOWNLOAD_TARGETS = ['android', 'ios', 'gp', 'tv', 'windows'] as const;
export type DownloadTarget = (typeof DOWNLOAD_TARGETS)[number];
export const isDownloadTarget = (value: unknown): value is DownloadTarget => isOneOf(DOWNLOAD_TARGETS, value);

/** Where a visitor entered the drive from. */
export const ENTRY_SOURCES = [
  'browser_extension',
  'official_website',
  'cloud_page',
  'landing_page',
  'home_recent',
  'share_page',
  'starred_file',
  'url_checker',
] as const;
export type EntrySource = (typeof ENTRY_SOURCES)[number];
export const isEntrySource = (value: unknown): value is EntrySource => isOneOf(ENTRY_SOURCES, value);

/** Which control started a save to the drive. */
export const SAVE_SOURCES = [
  'add_button',
  'plugin_entry',
  'cloud_page',
  'landing_page',
  'payment_page',
  'official_page',
  'url_checker',
  'share_page',
] as const;
export type SaveSource = (typeof SAVE_SOURCES)[number];
export const isSaveSource = (value: unknown): value is SaveSource => isOneOf(SAVE_SOURCES, value);

/** User settings; autoIdentifyShareCode is "show shared content from search". */
export const SETTINGS_KEYS = [
  'SAVE_OTHER_APP_FILES_IN_SEPARATE_FOLDERS',
  'TEST_MODE',
  'defaultFolderBasedOnPlatform',
  'filterFilesWhenCreate',
  'displaySensitiveShare',
  'autoIdentifyShareCode',
] as const;
export type SettingsKey = (typeof SETTINGS_KEYS)[number];
export const isSettingsKey = (value: unknown): value is SettingsKey => isOneOf(SETTINGS_KEYS, value);

/** How the browser extension is offered to a visitor. */
export const EXTENSION_PROMPT_KINDS = ['UNKNOWN', 'POPUP', 'POPUP_MAC', 'DETECT_DIALOG', 'DETECT_DIALOG_MAC', 'VIEW', 'BAR'] as const;
export type ExtensionPromptKind = (typeof EXTENSION_PROMPT_KINDS)[number];
export const isExtensionPromptKind = (value: unknown): value is ExtensionPromptKind => isOneOf(EXTENSION_PROMPT_KINDS, value);

/** '' is a brand-new user: nothing about the welcome gift has happened yet. */
export const NEW_USER_STATES = ['success', 'init', 'toget', ''] as const;
export type NewUserState = (typeof NEW_USER_STATES)[number];
export const isNewUserState = (value: unknown): value is NewUserState => isOneOf(NEW_USER_STATES, value);

/** Messages the share page exchanges with its host (app webview or frame). */
export const SHARE_PAGE_MESSAGE_KINDS = ['SHARE', 'SHARE_DETAIL', 'SHOW_LOGIN_DIALOG', 'SHARE_PREVIEW_WINDOW', 'PAGE_POSITION'] as const;
export type SharePageMessageKind = (typeof SHARE_PAGE_MESSAGE_KINDS)[number];
export const isSharePageMessageKind = (value: unknown): value is SharePageMessageKind => isOneOf(SHARE_PAGE_MESSAGE_KINDS, value);

/** What opening a share answers (SPEC §4); the server sends it with 200, never as an HTTP error. */
export const SHARE_STATUSES = [
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
] as const;
export type ShareStatus = (typeof SHARE_STATUSES)[number];
export const isShareStatus = (value: unknown): value is ShareStatus => isOneOf(SHARE_STATUSES, value);

export const RESTORE_STATUSES = ['RESTORE_UNKNOWN', 'RESTORE_START', 'RESTORE_COMPLETE'] as const;
export type RestoreStatus = (typeof RESTORE_STATUSES)[number];
export const isRestoreStatus = (value: unknown): value is RestoreStatus => isOneOf(RESTORE_STATUSES, value);
