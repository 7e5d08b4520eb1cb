import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH, passwordProblem } from './password-rules.ts';

describe('passwordProblem', () => {
  it('accepts a long enough, uncommon password', () => {
    expect(passwordProblem('maple-stone-river')).toBeUndefined();
  });

  it(`asks for at least ${PASSWORD_MIN_LENGTH} characters, counting characters rather than bytes`, () => {
    expect(passwordProblem('abc12!x')).toBe('too_short');
    expect(passwordProblem('雪山雪山雪山雪')).toBe('too_short');
    expect(passwordProblem('雪山日出雲海風光')).toBeUndefined();
  });

  it('refuses over 256 characters', () => {
    expect(passwordProblem('x1-'.repeat(90))).toBe('too_long');
  });

  it('refuses passwords from breach lists, whatever their case', () => {
    for (const password of ['password123', 'PassWord1', 'qwertyuiop', '1q2w3e4r', 'iloveyou']) expect(passwordProblem(password)).toBe('common');
  });

  it('refuses repeated runs and counting or alphabet runs', () => {
    for (const password of ['aaaaaaaa', 'abababab', 'abcabcabc', 'abcdefghi', '98765432', '23456789']) expect(passwordProblem(password)).toBe('common');
  });

  it("refuses a password built from the person's e-mail or name", () => {
    expect(passwordProblem('annabel2026!', { email: 'annabel@example.org' })).toBe('personal');
    expect(passwordProblem('xX-Margarita-Xx', { name: 'margarita' })).toBe('personal');
    // Too short a name to count as personal.
    expect(passwordProblem('bo-river-stone', { name: 'Bo' })).toBeUndefined();
  });
});
