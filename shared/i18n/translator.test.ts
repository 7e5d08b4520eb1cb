import { describe, it, expect } from 'vitest';
import { createTranslator, placeholdersOf } from './translator.ts';

describe('createTranslator', () => {
  it('translates a flat dotted key and fills placeholders without escaping', () => {
    const t = createTranslator('ja', { 'notFound.path': 'ページが見つかりません: {{path}}' });
    expect(t('notFound.path', { path: '/a&b' })).toBe('ページが見つかりません: /a&b');
  });

  it('falls back to the en-US message for a key the locale lacks', () => {
    const t = createTranslator('es', {}, { 'notFound.title': 'Page not found' });
    expect(t('notFound.title')).toBe('Page not found');
  });

  it('answers the key itself when no locale has it, so a gap is visible, not blank', () => {
    const t = createTranslator('en-US', {});
    expect(t('notFound.title')).toBe('notFound.title');
  });
});

describe('placeholdersOf', () => {
  it('lists the placeholder names, sorted', () => {
    expect(placeholdersOf('{{b}} and {{ a }} and {{b}}')).toEqual(['a', 'b', 'b']);
    expect(placeholdersOf('none')).toEqual([]);
  });
});
