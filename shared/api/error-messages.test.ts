import { describe, expect, it } from 'vitest';
import enUS from '../../content/i18n/en-US.json';
import { HandoffError } from '../accounts/handoff-error.ts';
import { ApiError } from './client.ts';
import { API_ERROR_MESSAGES, FAILURE_MESSAGE_KEYS, failureMessage, NAME_PROBLEM_MESSAGES } from './error-messages.ts';
import { API_ERRORS } from './errors.ts';

const apiError = (status: number, error: string, details?: unknown[]) =>
  new ApiError(status, { error, error_code: 3, error_description: 'server text', ...(details ? { details } : {}) });
const at = { locale: 'en-US', now: Date.UTC(2026, 0, 1, 12, 0) };

describe('failureMessage', () => {
  it.each([
    [apiError(400, 'invalid_account_or_password'), 'auth.error.invalidAccountOrPassword'],
    [apiError(409, 'account_already_exists'), 'auth.error.accountAlreadyExists'],
    [apiError(403, 'captcha_required'), 'auth.error.captchaRequired'],
    [apiError(400, 'captcha_invalid'), 'auth.error.captchaInvalid'],
    [apiError(401, 'unauthenticated'), 'error.unauthenticated'],
    [apiError(0, 'network_error'), 'error.network'],
    [apiError(500, 'internal'), 'error.generic'],
    [new Error('anything else'), 'error.generic'],
  ])('gives %s its own message', (failure, key) => {
    expect(failureMessage(failure, at).key).toBe(key);
  });

  it.each([
    ['too_short', 'auth.password.tooShort'],
    ['too_long', 'auth.password.tooLong'],
    ['common', 'auth.password.common'],
    ['personal', 'auth.password.personal'],
  ])('explains password_too_weak because %s', (reason, key) => {
    expect(failureMessage(apiError(400, 'password_too_weak', [{ field: 'password', reason }]), at).key).toBe(key);
  });

  it('passes the minimum length to the too-short message', () => {
    expect(failureMessage(apiError(400, 'password_too_weak', [{ field: 'new_password', reason: 'too_short' }]), at).values).toEqual({ min: 8 });
  });

  it('tells an operator that the last operator cannot stop being one, and other refusals as refusals', () => {
    expect(failureMessage(apiError(403, 'permission_denied', [{ reason: 'last_admin' }]), at)).toEqual({ key: 'console.error.lastAdmin' });
    expect(failureMessage(apiError(403, 'permission_denied'), at)).toEqual({ key: 'error.permissionDenied' });
  });

  it('names the wrong current password when changing it', () => {
    expect(failureMessage(apiError(400, 'invalid_account_or_password', [{ field: 'old_password', reason: 'wrong' }]), at).key).toBe(
      'account.password.wrongCurrent',
    );
  });

  it('names the field of an invalid_request, also when given as a schema path', () => {
    expect(failureMessage(apiError(400, 'invalid_request', [{ field: 'email', reason: 'invalid' }]), at).key).toBe('auth.validation.emailInvalid');
    expect(failureMessage(apiError(400, 'invalid_request', [{ field: '/body/name', reason: 'must NOT have fewer than 1 characters' }]), at).key).toBe(
      'auth.validation.nameRequired',
    );
    expect(failureMessage(apiError(400, 'invalid_request', [{ field: 'client_id', reason: 'unknown' }]), at).key).toBe('error.invalidRequest');
  });

  it('says when to try again after too_many_requests', () => {
    const message = failureMessage(apiError(429, 'too_many_requests', [{ retry_after_seconds: 900 }]), { ...at, locale: 'en-GB' });
    expect(message.key).toBe('error.tooManyRequests');
    const expected = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' }).format(at.now + 900_000);
    expect(message.values).toEqual({ time: expected });
  });

  it('asks for a minute when the wait is short or unknown', () => {
    expect(failureMessage(apiError(429, 'too_many_requests', [{ retry_after_seconds: 20 }]), at).key).toBe('error.tooManyRequestsSoon');
    expect(failureMessage(apiError(429, 'too_many_requests'), at).key).toBe('error.tooManyRequestsSoon');
  });

  it.each([
    ['request_refused', 'auth.handoff.error.brokenRequest'],
    ['desktop_unreachable', 'auth.handoff.error.desktopUnreachable'],
    ['desktop_refused', 'auth.handoff.error.desktopRefused'],
  ] as const)('explains the hand-off failure %s', (reason, key) => {
    expect(failureMessage(new HandoffError(reason, 'x'), at).key).toBe(key);
  });
});

const fileApiError = (error: string, details?: unknown[]) =>
  new ApiError(400, { error, error_code: 3, error_description: 'server text', ...(details ? { details } : {}) });

describe('file failure messages', () => {
  it.each([
    ['file_space_not_enough', 'files.error.spaceNotEnough'],
    ['file_not_found', 'files.error.notFound'],
    ['file_duplicated_name', 'files.error.duplicatedName'],
    ['file_rename_to_same_name', 'files.error.sameName'],
    ['file_move_or_copy_to_cur', 'files.error.intoItself'],
    ['file_name_empty', 'files.name.empty'],
    ['url_not_allowed', 'offline.error.notAllowed'],
  ])('gives %s its own message through the app-wide catalogue', (error, key) => {
    expect(failureMessage(fileApiError(error), { locale: 'en-US' }).key).toBe(key);
  });

  it.each([
    ['slash', 'files.name.slash'],
    ['dot', 'files.name.dot'],
    ['control', 'files.name.control'],
    ['too_long', 'files.name.tooLong'],
  ])('explains a name refused because of %s', (reason, key) => {
    expect(failureMessage(fileApiError('invalid_request', [{ field: 'name', reason }]), { locale: 'en-US' }).key).toBe(key);
  });

  it('leaves other invalid requests, such as an empty profile name, to the accounts messages', () => {
    expect(failureMessage(fileApiError('invalid_request', [{ field: 'name', reason: 'empty' }]), { locale: 'en-US' }).key).toBe('auth.validation.nameRequired');
  });

  it('maps only errors the API (or its client, for no answer) has, to messages that exist', () => {
    for (const [error, key] of Object.entries(API_ERROR_MESSAGES)) {
      expect([...Object.keys(API_ERRORS), 'network_error']).toContain(error);
      expect(Object.keys(enUS)).toContain(key);
    }
    for (const { key } of Object.values(NAME_PROBLEM_MESSAGES)) expect(Object.keys(enUS)).toContain(key);
    for (const key of FAILURE_MESSAGE_KEYS) expect(Object.keys(enUS)).toContain(key);
  });

  it("takes the call's own messages first, then the shared ones", () => {
    const own = { invalid_request: 'offline.error.unsupported', not_found: 'site.api.unavailable' } as const;
    expect(failureMessage(fileApiError('invalid_request', [{ field: 'name', reason: 'slash' }]), { locale: 'en-US', messages: own }).key).toBe(
      'offline.error.unsupported',
    );
    expect(failureMessage(new ApiError(404, { error: 'not_found', error_code: 5, error_description: '' }), { locale: 'en-US', messages: own }).key).toBe(
      'site.api.unavailable',
    );
    expect(failureMessage(fileApiError('file_space_not_enough'), { locale: 'en-US', messages: own }).key).toBe('files.error.spaceNotEnough');
  });
});
