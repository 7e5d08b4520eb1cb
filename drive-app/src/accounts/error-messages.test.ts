import { describe, it, expect } from 'vitest';
import { ApiError } from '#shared/api/client.ts';
import { failureMessage } from './error-messages.ts';
import { HandoffError } from './handoff-error.ts';

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
    ['extension_no_answer', 'auth.handoff.error.extensionNoAnswer'],
  ] as const)('explains the hand-off failure %s', (reason, key) => {
    expect(failureMessage(new HandoffError(reason, 'x'), at).key).toBe(key);
  });
});
