import { describe, expect, it } from 'vitest';
import { freeName, NAME_MAX_BYTES, nameProblem, splitExtension } from './names.ts';

describe('nameProblem', () => {
  it('accepts ordinary names, including spaces, dots inside and other scripts', () => {
    for (const name of ['report.pdf', 'My photos', '.bashrc', 'a..b', '写真 2026.jpg', '<script>alert(1)<script>.txt'])
      expect(nameProblem(name)).toBeUndefined();
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['.', 'dot'],
    ['..', 'dot'],
    ['a/b', 'slash'],
    ['a\u0000b', 'control'],
    ['line\nbreak', 'control'],
    ['tab\there', 'control'],
    ['x'.repeat(NAME_MAX_BYTES + 1), 'too_long'],
  ])('refuses %j as %s', (name, problem) => {
    expect(nameProblem(name)).toBe(problem);
  });

  it('counts the limit in UTF-8 bytes, not characters', () => {
    expect(nameProblem('雪'.repeat(85))).toBeUndefined(); // 255 bytes
    expect(nameProblem('雪'.repeat(86))).toBe('too_long'); // 258 bytes
  });
});

describe('splitExtension', () => {
  it('splits at the last dot, except for folders and leading-dot names', () => {
    expect(splitExtension('a.tar.gz')).toEqual({ stem: 'a.tar', extension: '.gz' });
    expect(splitExtension('.bashrc')).toEqual({ stem: '.bashrc', extension: '' });
    expect(splitExtension('v1.2', true)).toEqual({ stem: 'v1.2', extension: '' });
  });
});

describe('freeName', () => {
  it('keeps a free name', () => {
    expect(freeName('a.txt', new Set(['b.txt']))).toBe('a.txt');
  });

  it('numbers a clash before the extension', () => {
    expect(freeName('a.txt', new Set(['a.txt']))).toBe('a (1).txt');
    expect(freeName('a.txt', new Set(['a.txt', 'a (1).txt', 'a (2).txt']))).toBe('a (3).txt');
  });

  it('counts on from a name that is already numbered', () => {
    expect(freeName('a (4).txt', new Set(['a (4).txt']))).toBe('a (5).txt');
  });

  it('numbers folders at the end, whatever dots they hold', () => {
    expect(freeName('v1.2', new Set(['v1.2']), true)).toBe('v1.2 (1)');
  });

  it('shortens the stem, never the extension, to stay within 255 bytes', () => {
    const long = `${'x'.repeat(251)}.pdf`;
    const free = freeName(long, new Set([long]));
    expect(free.endsWith(' (1).pdf')).toBe(true);
    expect(new TextEncoder().encode(free).length).toBeLessThanOrEqual(NAME_MAX_BYTES);
  });
});
