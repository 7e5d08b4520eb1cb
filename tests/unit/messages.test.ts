// Every UI string exists in all 11 locales (ARCHITECTURE.md: a missing key fails the tests).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LOCALES } from '#shared/i18n/locales.ts';
import { placeholdersOf } from '#shared/i18n/translator.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const I18N_DIR = path.join(ROOT, 'content/i18n');
const read = (locale: string): Record<string, string> => JSON.parse(readFileSync(path.join(I18N_DIR, `${locale}.json`), 'utf8'));
const source = read(DEFAULT_LOCALE);

describe.each(LOCALES)('messages of %s', (locale) => {
  const messages = read(locale);

  it('has every key of en-US and no other', () => {
    expect(Object.keys(messages).sort()).toEqual(Object.keys(source).sort());
  });

  it('has no empty message', () => {
    expect(
      Object.entries(messages)
        .filter(([, text]) => typeof text !== 'string' || text.trim() === '')
        .map(([key]) => key),
    ).toEqual([]);
  });

  it('has plain text with {{name}} placeholders and no other message syntax (the translator knows no more)', () => {
    const syntax = (text: string) => text.match(/{{.*?}}|\$t\(/g) ?? [];
    const other = Object.entries(messages).filter(([, text]) => syntax(text).some((part) => !/^{{\s*\w+\s*}}$/.test(part)));
    expect(other.map(([key]) => key)).toEqual([]);
  });

  it('keeps the placeholders of each en-US message', () => {
    const differing = Object.keys(source).filter(
      (key) => messages[key] !== undefined && placeholdersOf(messages[key]).join() !== placeholdersOf(source[key] ?? '').join(),
    );
    expect(differing).toEqual([]);
  });
});

describe('message files', () => {
  it('exist only for the supported locales', () => {
    const files = readdirSync(I18N_DIR)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''));
    expect(files.sort()).toEqual([...LOCALES].sort());
  });

  it('hold every key the code asks for', () => {
    const used = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.(tsx?|astro)$/.test(entry.name) && !entry.name.includes('.test.')) {
          for (const match of readFileSync(full, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z0-9_.-]+)'/g)) used.add(match[1] ?? '');
        }
      }
    };
    for (const dir of ['site', 'drive-app/src', 'extension/src']) walk(path.join(ROOT, dir));
    expect([...used].filter((key) => !(key in source))).toEqual([]);
  });
});

describe('Ukrainian terminology', () => {
  // Ukrainian has two verbs where English has upload and download: вивантажити (to the drive) and
  // завантажити (from it, and loading). One message with the wrong one reads as the opposite action.
  const uk = read('uk');
  const mentions = (text: string, word: string) => new RegExp(word, 'i').test(text);

  it('says upload with вивантаж- wherever English says upload', () => {
    const missing = Object.keys(source).filter((key) => mentions(source[key]!, 'upload') && !mentions(uk[key] ?? '', 'вивантаж'));
    expect(missing).toEqual([]);
  });

  it('does not say upload with завантаж- (download, loading) in a message about uploading only', () => {
    const mixed = Object.keys(source).filter(
      (key) => mentions(source[key]!, 'upload') && !mentions(source[key]!, 'download') && mentions(uk[key] ?? '', 'завантаж'),
    );
    expect(mixed).toEqual([]);
  });

  it('keeps вивантаж- for uploading only', () => {
    const stray = Object.keys(source).filter((key) => !mentions(source[key]!, 'upload') && mentions(uk[key] ?? '', 'вивантаж'));
    expect(stray).toEqual([]);
  });
});
