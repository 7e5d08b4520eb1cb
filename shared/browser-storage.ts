// What Nubo keeps in the browser's local storage (SPEC §3.7, §3.3, §9): every key, the signed-in
// marker, the referer list and the device id. Storage is always passed in, so the rules run
// anywhere and tests use memoryStorage().

/** Every local-storage key but the per-user file-view setting's; all carry the pp_ prefix except allow_analysis. */
export const STORAGE_KEYS = {
  loginScene: 'pp_login_scene',
  userId: 'pp_user_id',
  oauthInfo: 'pp_oauth_info',
  newUser: 'pp_new_user',
  locale: 'pp_locale',
  hideLangChange: 'pp_hide_lang_change',
  accessToVisit: 'pp_access_to_visit',
  refererList: 'pp_referer_list',
  freeDays: 'pp_free_days',
  // Nubo's: the invite code an invite link brought, kept until the sign-up it leads to.
  inviteCode: 'pp_invite_code',
  sharePasscodeToken: 'pp_share_passcode_token',
  sharePwdCode: 'pp_share_pwd_code',
  hiddenSharedContentCover: 'pp_hidden_shared_content_cover',
  previewFileId: 'pp_preview_file_id',
  savedFileIds: 'pp_saved_file_ids',
  navFolders: 'pp_nav_folders',
  restoreContinue: 'pp_restore_continue',
  restoreToDrive: 'pp_restore_to_drive',
  restoreRequestBody: 'pp_restore_request_body',
  globalDisplayMode: 'pp_global_display_mode',
  sharedDisplayMode: 'pp_shared_display_mode',
  ssrViewType: 'pp_ssr_view_type',
  allowAnalysis: 'allow_analysis',
  // Keys the spec uses without naming them (the §3.7 block-button flag, §3.2 darkMode): Nubo's names.
  showBlockButton: 'pp_show_block_button',
  darkMode: 'pp_dark_mode',
  // Uploads to continue after a reload: Nubo's own, not in the spec.
  unfinishedUploads: 'pp_unfinished_uploads',
  // The favourite links hub's list: Nubo's own, not in the spec.
  favoriteLinks: 'pp_favorite_links',
} as const;

/** The part of the Web Storage interface Nubo uses; `localStorage` satisfies it. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  readonly length: number;
  key(index: number): string | null;
}

/** A Web Storage held in memory, keys in insertion order. */
export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage {
  const items = new Map<string, string>(Object.entries(initial));
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, String(value));
    },
    removeItem: (key) => {
      items.delete(key);
    },
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
  };
}

function storageKeys(storage: KeyValueStorage): string[] {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key !== null) keys.push(key);
  }
  return keys;
}

const SIGNED_IN_MARKER = 'credentials_';

/** A key holding stored credentials; its presence marks a signed-in user. */
export function isSignedInMarkerKey(key: string): boolean {
  return key.includes(SIGNED_IN_MARKER);
}

/** The stored credentials entry (SPEC §3.3); expires_at in milliseconds since the epoch. */
export type SignedInMarker = { sub: string; expires_at: number };

/**
 * The first well-formed, unexpired credentials entry. expires_at may be stored as epoch
 * milliseconds or as a date string; an entry without a usable one counts as absent.
 */
export function readSignedInMarker(storage: KeyValueStorage = globalThis.localStorage, now: number = Date.now()): SignedInMarker | undefined {
  for (const key of storageKeys(storage).filter(isSignedInMarkerKey)) {
    const entry = parseJson(storage.getItem(key));
    if (typeof entry !== 'object' || entry === null) continue;
    const { sub, expires_at: expiresAt } = entry as Record<string, unknown>;
    const expires = typeof expiresAt === 'number' ? expiresAt : typeof expiresAt === 'string' ? Date.parse(expiresAt) : Number.NaN;
    if (typeof sub !== 'string' || sub === '' || !Number.isFinite(expires) || expires <= now) continue;
    return { sub, expires_at: expires };
  }
  return undefined;
}

function parseJson(raw: string | null): unknown {
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
