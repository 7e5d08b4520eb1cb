// Every failure a person can meet, as the translated, actionable message to show: the drive app,
// the share page and the site's islands all say the same thing for the same error (STYLE: errors
// carry the API's names, and each has its own message). The server's error_description is never
// shown: it is English and written for developers (the API client logs it).

import { HandoffError, type HandoffFailure } from '../accounts/handoff-error.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type PasswordProblem } from '../accounts/password-rules.ts';
import { NAME_MAX_BYTES, type NameProblem } from '../files/names.ts';
import type { MessageKey, Translate } from '../i18n/translator.ts';
import { ApiError } from './client.ts';
import { type ApiErrorName, isApiErrorName } from './errors.ts';

export type Message = { key: MessageKey; values?: Record<string, string | number> };

/** Messages by the error's API name (shared/api/errors.ts); network_error is the client's own, for a call that got no answer. */
export type ApiErrorMessages = Partial<Record<ApiErrorName | 'network_error', MessageKey>>;

/** The message of each named error that needs nothing from the details. */
export const API_ERROR_MESSAGES: Readonly<ApiErrorMessages> = {
  invalid_request: 'error.invalidRequest',
  invalid_account_or_password: 'auth.error.invalidAccountOrPassword',
  account_already_exists: 'auth.error.accountAlreadyExists',
  captcha_required: 'auth.error.captchaRequired',
  captcha_invalid: 'auth.error.captchaInvalid',
  unauthenticated: 'error.unauthenticated',
  permission_denied: 'error.permissionDenied',
  not_found: 'error.notFound',
  too_many_requests: 'error.tooManyRequestsSoon',
  internal: 'error.generic',
  network_error: 'error.network',
  file_space_not_enough: 'files.error.spaceNotEnough',
  file_hash_mismatch: 'files.error.hashMismatch',
  traffic_not_enough: 'premium.error.trafficNotEnough',
  invalid_activation_code: 'premium.error.invalidCode',
  invalid_unsubscribe_link: 'site.unsubscribe.invalid',
  invalid_mail_link: 'auth.mailLink.invalid',
  mail_unavailable: 'auth.mail.off',
  already_checked_in: 'site.checkIn.done',
  compensation_claimed: 'site.campaign.compensation.claimedBefore',
  compensation_unavailable: 'site.campaign.compensation.notEligible',
  file_not_found: 'files.error.notFound',
  invalid_position: 'files.watching.invalidPosition',
  file_in_recycle_bin: 'files.error.inTrash',
  file_duplicated_name: 'files.error.duplicatedName',
  file_rename_to_same_name: 'files.error.sameName',
  file_move_or_copy_to_cur: 'files.error.intoItself',
  file_name_empty: 'files.name.empty',
  file_restore_own: 'share.error.restoreOwn',
  task_limit_reached: 'files.error.runningLimit',
  task_too_large: 'offline.error.tooLarge',
  payload_too_large: 'files.error.tooLarge',
  service_unavailable: 'files.error.unavailable',
  url_unsupported: 'offline.error.unsupported',
  url_unreachable: 'offline.error.unreachable',
  url_not_allowed: 'offline.error.notAllowed',
  content_taken_down: 'offline.error.takenDown',
  torrent_no_peers: 'offline.error.noPeers',
};

export const PASSWORD_PROBLEM_MESSAGES: Record<PasswordProblem, Message> = {
  too_short: { key: 'auth.password.tooShort', values: { min: PASSWORD_MIN_LENGTH } },
  too_long: { key: 'auth.password.tooLong', values: { max: PASSWORD_MAX_LENGTH } },
  common: { key: 'auth.password.common' },
  personal: { key: 'auth.password.personal' },
};

export const NAME_PROBLEM_MESSAGES: Record<NameProblem, Message> = {
  empty: { key: 'files.name.empty' },
  dot: { key: 'files.name.dot' },
  slash: { key: 'files.name.slash' },
  control: { key: 'files.name.control' },
  too_long: { key: 'files.name.tooLong', values: { max: NAME_MAX_BYTES } },
};

const HANDOFF_MESSAGES: Record<HandoffFailure, MessageKey> = {
  request_refused: 'auth.handoff.error.brokenRequest',
  desktop_unreachable: 'auth.handoff.error.desktopUnreachable',
  desktop_refused: 'auth.handoff.error.desktopRefused',
};

const INVALID_FIELD_MESSAGES: Partial<Record<string, MessageKey>> = {
  email: 'auth.validation.emailInvalid',
  username: 'auth.validation.emailInvalid',
  name: 'auth.validation.nameRequired',
};

type FieldDetail = { field: string; reason: string };

function fieldDetails(details: unknown[]): FieldDetail[] {
  return details.flatMap((detail) => {
    if (typeof detail !== 'object' || detail === null) return [];
    const { field, reason } = detail as Record<string, unknown>;
    // Schema failures name the field as a path ("/body/email"): its last part is the field.
    return typeof field === 'string' ? [{ field: field.split('/').at(-1) ?? field, reason: typeof reason === 'string' ? reason : '' }] : [];
  });
}

function isPasswordProblem(reason: string): reason is PasswordProblem {
  return Object.hasOwn(PASSWORD_PROBLEM_MESSAGES, reason);
}

function isNameProblem(reason: string): reason is NameProblem {
  return Object.hasOwn(NAME_PROBLEM_MESSAGES, reason);
}

/** The seconds to wait after too_many_requests, as the server's details carry them. */
export function retryAfterSeconds(failure: ApiError): number | undefined {
  for (const detail of failure.details) {
    const seconds = (detail as { retry_after_seconds?: unknown } | null)?.retry_after_seconds;
    if (typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0) return seconds;
  }
  return undefined;
}

function tooManyRequests(failure: ApiError, locale: string, now: number): Message {
  const seconds = retryAfterSeconds(failure);
  if (seconds === undefined || seconds < 60) return { key: 'error.tooManyRequestsSoon' };
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(now + seconds * 1000);
  return { key: 'error.tooManyRequests', values: { time } };
}

function invalidRequest(fields: FieldDetail[]): Message {
  // The server names the broken rule of a file name as the reason of the `name` field; an empty
  // name is a missing profile name as often as a file's, and is said as the field's own message.
  const nameProblem = fields.find((detail) => detail.field === 'name' && detail.reason !== 'empty' && isNameProblem(detail.reason));
  if (nameProblem && isNameProblem(nameProblem.reason)) return NAME_PROBLEM_MESSAGES[nameProblem.reason];
  const key = fields.map((detail) => INVALID_FIELD_MESSAGES[detail.field]).find((found) => found !== undefined);
  return { key: key ?? 'error.invalidRequest' };
}

export type MessageContext = {
  locale: string;
  now?: number;
  /** What this call's failures mean where it is made, before the messages every call shares (the URL checker's refused link). */
  messages?: ApiErrorMessages;
};

/** What to tell a person about a failure of an API call or a sign-in hand-off. */
export function failureMessage(failure: unknown, { locale, now = Date.now(), messages = {} }: MessageContext): Message {
  if (failure instanceof HandoffError) return { key: HANDOFF_MESSAGES[failure.reason] };
  if (!(failure instanceof ApiError)) return { key: 'error.generic' };
  const own = messages[failure.error as ApiErrorName];
  if (own) return { key: own };
  const fields = fieldDetails(failure.details);
  switch (failure.error) {
    case 'password_too_weak': {
      const reason = fields.find((detail) => isPasswordProblem(detail.reason))?.reason;
      return reason && isPasswordProblem(reason) ? PASSWORD_PROBLEM_MESSAGES[reason] : { key: 'auth.password.common' };
    }
    case 'invalid_account_or_password':
      return fields.some((detail) => detail.field === 'old_password')
        ? { key: 'account.password.wrongCurrent' }
        : { key: 'auth.error.invalidAccountOrPassword' };
    case 'invalid_request':
      return invalidRequest(fields);
    case 'too_many_requests':
      return tooManyRequests(failure, locale, now);
    case 'permission_denied':
      // The console's one refusal with a remedy: the last operator cannot stop being one.
      if (failure.details.some((detail) => (detail as { reason?: unknown } | null)?.reason === 'last_admin')) return { key: 'console.error.lastAdmin' };
      break;
    case 'task_limit_reached':
      // The day's allowance and the running tasks are two limits with two different remedies.
      return { key: fields.some((detail) => detail.reason === 'daily') ? 'files.error.dailyLimit' : 'files.error.runningLimit' };
  }
  const key = failure.error === 'network_error' || isApiErrorName(failure.error) ? API_ERROR_MESSAGES[failure.error] : undefined;
  if (key) return { key };
  if (failure.status === 401) return { key: 'error.unauthenticated' };
  if (failure.status >= 400 && failure.status < 500) return { key: 'error.invalidRequest' };
  return { key: 'error.generic' };
}

/** Every message failureMessage can answer, for a page that carries only the strings it needs. */
export const FAILURE_MESSAGE_KEYS: readonly MessageKey[] = [
  ...new Set<MessageKey>([
    'error.generic',
    'error.tooManyRequests',
    'account.password.wrongCurrent',
    'files.error.dailyLimit',
    'console.error.lastAdmin',
    ...Object.values(API_ERROR_MESSAGES),
    ...Object.values(PASSWORD_PROBLEM_MESSAGES).map(({ key }) => key),
    ...Object.values(NAME_PROBLEM_MESSAGES).map(({ key }) => key),
    ...Object.values(HANDOFF_MESSAGES),
    ...Object.values(INVALID_FIELD_MESSAGES).filter((key) => key !== undefined),
  ]),
];

/** What to tell a person about a task that ended in error: its named error's message, or the generic one. */
export function taskFailureMessage(error: string): Message {
  return { key: (isApiErrorName(error) ? API_ERROR_MESSAGES[error] : undefined) ?? 'task.phase.error' };
}

/** The text of a message, or undefined for none (a field without a problem). */
export function messageText(t: Translate, message: Message | undefined): string | undefined {
  return message && t(message.key, message.values);
}
