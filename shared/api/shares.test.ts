import { describe, expect, it } from 'vitest';
import { SHARE_STATUSES } from './shares.ts';

describe('share statuses', () => {
  it('lists the share check results of SPEC §4, OK first and PROHIBITED last, then Nubo’s own', () => {
    expect(SHARE_STATUSES).toEqual([
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
      'ACCOUNT_DISABLED',
    ]);
  });
});
