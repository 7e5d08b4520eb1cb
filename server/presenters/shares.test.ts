import { describe, expect, it } from 'vitest';
import { maskName } from './shares.ts';

describe('maskName', () => {
  it('keeps the first and last character', () => {
    expect(maskName('Annabel')).toBe('A***l');
    expect(maskName('李')).toBe('李***');
  });
});
