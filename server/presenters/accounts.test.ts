import { describe, expect, it } from 'vitest';
import { maskEmail } from './accounts.ts';

describe('account presentation', () => {
  it('masks e-mail addresses, keeping the first two characters and the domain', () => {
    expect(maskEmail('annabel@example.org')).toBe('an***@example.org');
    expect(maskEmail('al@example.org')).toBe('a***@example.org');
  });
});
