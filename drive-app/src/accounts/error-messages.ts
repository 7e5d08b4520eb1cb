// Every failure the app can meet, as the translated, actionable message to show (STYLE: errors
// carry the API's names, and each has its own message). The drive's own live in files/.
import { ApiError } from '#shared/api/client.ts';
import type { MessageKey, Translate } from '#shared/i18n/translator.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type PasswordProblem } from '#shared/accounts/password-rules.ts';
import { fileFailureMessage } from '../files/error-messages.ts';
import { HandoffError, type HandoffFailure } from './handoff-error.ts';

export type Message = { key: MessageKey; values?: Record<string, string | number> };

export const PASSWORD_PROBLEM_MESSAGES: Record<PasswordProblem, Message> = {
  too_short: { key: 'auth.password.tooShort', values: { min: PASSWORD_MIN_LENGTH } },
  too_long: { key: 'auth.password.tooLong', values: { max: PASSWORD_MAX_LENGTH } },
  common: { key: 'auth.password.common' },
  personal: { key: 'auth.password.personal' },
};

const HANDOFF_MESSAGES: Record<HandoffFailure, MessageKey> = {
  request_refused: 'auth.handoff.error.brokenRequest',
  desktop_unreachable: 'auth.handoff.error.desktopUnreachable',
  desktop_refused: 'auth.handoff.error.desktopRefused',
  extension_no_answer: 'auth.handoff.error.extensionNoAnswer',
};

/** The messages of errors that need nothing from the details. */
const PLAIN_MESSAGES: Partial<Record<string, MessageKey>> = {
  invalid_account_or_password: 'auth.error.invalidAccountOrPassword',
  account_already_exists: 'auth.error.accountAlreadyExists',
  captcha_required: 'auth.error.captchaRequired',
  captcha_invalid: 'auth.error.captchaInvalid',
  unauthenticated: 'error.unauthenticated',
  permission_denied: 'error.permissionDenied',
  not_found: 'error.notFound',
  network_error: 'error.network',
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

const INVALID_FIELD_MESSAGES: Partial<Record<string, MessageKey>> = {
  email: 'auth.validation.emailInvalid',
  username: 'auth.validation.emailInvalid',
  name: 'auth.validation.nameRequired',
};

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

export type MessageContext = { locale: string; now?: number };

/** What to tell the user about a failure of an API call or a hand-off. */
export function failureMessage(failure: unknown, { locale, now = Date.now() }: MessageContext): Message {
  if (failure instanceof HandoffError) return { key: HANDOFF_MESSAGES[failure.reason] };
  if (!(failure instanceof ApiError)) return { key: 'error.generic' };
  const fileMessage = fileFailureMessage(failure);
  if (fileMessage) return fileMessage;
  const fields = fieldDetails(failure.details);
  switch (failure.error) {
    case 'password_too_weak': {
      const reason = fields.find((detail) => isPasswordProblem(detail.reason))?.reason;
      return reason && isPasswordProblem(reason) ? PASSWORD_PROBLEM_MESSAGES[reason] : { key: 'auth.password.common' };
    }
    case 'invalid_account_or_password':
      return fields.some((detail) => detail.field === 'old_password') ? { key: 'account.password.wrongCurrent' } : { key: 'auth.error.invalidAccountOrPassword' };
    case 'invalid_request': {
      const key = fields.map((detail) => INVALID_FIELD_MESSAGES[detail.field]).find((found) => found !== undefined);
      return { key: key ?? 'error.invalidRequest' };
    }
    case 'too_many_requests':
      return tooManyRequests(failure, locale, now);
    default: {
      const key = PLAIN_MESSAGES[failure.error];
      return { key: key ?? 'error.generic' };
    }
  }
}

/** The text of a message, or undefined for none (a field without a problem). */
export function messageText(t: Translate, message: Message | undefined): string | undefined {
  return message && t(message.key, message.values);
}
