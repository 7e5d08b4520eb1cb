// The error catalogue of the API (API.md, SPEC §8): one entry per named error, with the gRPC-style
// `error_code` the original service uses and the HTTP status Nubo answers with.

export const API_ERRORS = {
  invalid_request: { code: 3, status: 400 },
  file_name_empty: { code: 3, status: 400 },
  file_hash_mismatch: { code: 3, status: 400 },
  file_rename_to_same_name: { code: 3, status: 400 },
  file_move_or_copy_to_cur: { code: 3, status: 400 },
  url_unsupported: { code: 3, status: 400 },
  invalid_activation_code: { code: 3, status: 400 },
  invalid_unsubscribe_link: { code: 3, status: 400 },
  invalid_mail_link: { code: 3, status: 400 },
  captcha_invalid: { code: 3, status: 400 },
  invalid_grant: { code: 3, status: 400 },
  /** A playing position before the start or past the end of its file. */
  invalid_position: { code: 3, status: 400 },
  // The device sign-in's answers to a device's poll (RFC 8628 §3.5).
  authorization_pending: { code: 9, status: 400 },
  slow_down: { code: 8, status: 400 },
  access_denied: { code: 7, status: 400 },
  expired_token: { code: 3, status: 400 },
  invalid_account_or_password: { code: 3, status: 400 },
  password_too_weak: { code: 3, status: 400 },
  account_already_exists: { code: 6, status: 409 },
  unauthenticated: { code: 16, status: 401 },
  captcha_required: { code: 9, status: 403 },
  permission_denied: { code: 7, status: 403 },
  file_restore_own: { code: 9, status: 403 },
  not_found: { code: 5, status: 404 },
  file_not_found: { code: 5, status: 404 },
  file_in_recycle_bin: { code: 9, status: 409 },
  file_duplicated_name: { code: 6, status: 409 },
  has_joined_referral: { code: 6, status: 409 },
  already_checked_in: { code: 6, status: 409 },
  compensation_claimed: { code: 6, status: 409 },
  compensation_unavailable: { code: 9, status: 403 },
  mail_unavailable: { code: 9, status: 403 },
  payload_too_large: { code: 3, status: 413 },
  unsupported_media_type: { code: 3, status: 415 },
  url_unreachable: { code: 9, status: 422 },
  /** A video or audio file ffmpeg cannot read: it can still be downloaded. */
  media_unreadable: { code: 9, status: 422 },
  /** Every encoder of the server is busy (TRANSCODE_CONCURRENCY): try again shortly, or download. */
  encoders_busy: { code: 14, status: 503 },
  torrent_no_peers: { code: 9, status: 422 },
  url_not_allowed: { code: 7, status: 403 },
  content_taken_down: { code: 9, status: 451 },
  too_many_requests: { code: 8, status: 429 },
  file_space_not_enough: { code: 8, status: 403 },
  traffic_not_enough: { code: 8, status: 403 },
  task_limit_reached: { code: 8, status: 403 },
  task_too_large: { code: 8, status: 403 },
  internal: { code: 13, status: 500 },
  service_unavailable: { code: 14, status: 503 },
} as const satisfies Record<string, { code: number; status: number }>;

export type ApiErrorName = keyof typeof API_ERRORS;

/** The JSON body of every failed API call. */
export type ApiErrorBody = {
  error: ApiErrorName | (string & {});
  error_code: number;
  error_description: string;
  details?: unknown[];
};

export function isApiErrorName(value: unknown): value is ApiErrorName {
  return typeof value === 'string' && Object.hasOwn(API_ERRORS, value);
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return typeof body.error === 'string' && typeof body.error_code === 'number' && typeof body.error_description === 'string';
}
