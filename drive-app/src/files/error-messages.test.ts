import { describe, it, expect } from 'vitest';
import { ApiError } from '#shared/api/client.ts';
import { API_ERRORS } from '#shared/api/errors.ts';
import enUS from '../../../content/i18n/en-US.json';
import { failureMessage } from '../accounts/error-messages.ts';
import { FILE_ERROR_MESSAGES } from '#shared/files/error-messages.ts';
import { NAME_PROBLEM_MESSAGES } from './error-messages.ts';

const apiError = (error: string, details?: unknown[]) =>
  new ApiError(400, { error, error_code: 3, error_description: 'server text', ...(details ? { details } : {}) });
const at = { locale: 'en-US' };

describe('file failure messages', () => {
  it.each([
    ['file_space_not_enough', 'files.error.spaceNotEnough'],
    ['file_not_found', 'files.error.notFound'],
    ['file_duplicated_name', 'files.error.duplicatedName'],
    ['file_rename_to_same_name', 'files.error.sameName'],
    ['file_move_or_copy_to_cur', 'files.error.intoItself'],
    ['file_name_empty', 'files.name.empty'],
    ['task_daily_create_limit', 'files.error.dailyLimit'],
  ])('gives %s its own message through the app-wide catalogue', (error, key) => {
    expect(failureMessage(apiError(error), at).key).toBe(key);
  });

  it.each([
    ['slash', 'files.name.slash'],
    ['dot', 'files.name.dot'],
    ['control', 'files.name.control'],
    ['too_long', 'files.name.tooLong'],
  ])('explains a name refused because of %s', (reason, key) => {
    expect(failureMessage(apiError('invalid_request', [{ field: 'name', reason }]), at).key).toBe(key);
  });

  it('leaves other invalid requests, such as an empty profile name, to the accounts messages', () => {
    expect(failureMessage(apiError('invalid_request', [{ field: 'name', reason: 'empty' }]), at).key).toBe('auth.validation.nameRequired');
  });

  it('maps only errors the API has, to messages that exist', () => {
    for (const [error, key] of Object.entries(FILE_ERROR_MESSAGES)) {
      expect(Object.keys(API_ERRORS)).toContain(error);
      expect(Object.keys(enUS)).toContain(key);
    }
    for (const { key } of Object.values(NAME_PROBLEM_MESSAGES)) expect(Object.keys(enUS)).toContain(key);
  });
});
