import { describe, expect, it } from 'vitest';
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

  it('prefers the message of the locale to the en-US one', () => {
    const t = createTranslator('ja', { 'share.save': 'マイドライブに保存' }, { 'share.save': 'Save to my drive' });
    expect(t('share.save')).toBe('マイドライブに保存');
  });

  it('fills every placeholder of a name, spaced or not, with numbers as written', () => {
    const t = createTranslator('en-US', { 'share.fileCount': '{{count}} items; {{ count }} in all, by {{name}}' });
    expect(t('share.fileCount', { count: 0, name: 'Ann' })).toBe('0 items; 0 in all, by Ann');
  });

  it('leaves a placeholder without a value as written, and does not treat a value as a placeholder', () => {
    const t = createTranslator('en-US', { 'share.sharedBy': 'Shared by {{name}} on {{date}}' });
    expect(t('share.sharedBy', { name: '{{date}}' })).toBe('Shared by {{date}} on {{date}}');
    expect(t('share.sharedBy')).toBe('Shared by {{name}} on {{date}}');
  });

  it('answers a message asked without values, then with them, then without again, each as asked', () => {
    const t = createTranslator('en-US', { 'share.sharedBy': 'Shared by {{name}}' });
    expect([t('share.sharedBy'), t('share.sharedBy', { name: 'Ann' }), t('share.sharedBy')]).toEqual([
      'Shared by {{name}}',
      'Shared by Ann',
      'Shared by {{name}}',
    ]);
  });

  it('does not take keys from the prototype of the messages', () => {
    const t = createTranslator('en-US', {});
    expect(t('constructor' as 'share.save')).toBe('constructor');
  });
});

describe('placeholdersOf', () => {
  it('lists the placeholder names, sorted', () => {
    expect(placeholdersOf('{{b}} and {{ a }} and {{b}}')).toEqual(['a', 'b', 'b']);
    expect(placeholdersOf('none')).toEqual([]);
  });
});
