import { describe, expect, it } from 'vitest';
import { titleMatches } from './title-search.ts';

describe('titleMatches', () => {
  it('finds a title containing every word typed, in any order and letter case', () => {
    expect(titleMatches('Share files with a link', 'LINK share')).toBe(true);
    expect(titleMatches('Share files with a link', 'share passcode')).toBe(false);
  });

  it('ignores accents, so a reader without them on the keyboard still finds the article', () => {
    expect(titleMatches('Cambiar la contraseña', 'contrasena')).toBe(true);
    expect(titleMatches('Compartilhar arquivos', 'compartilhár')).toBe(true);
  });

  it('matches text without spaces, as in Chinese and Japanese titles', () => {
    expect(titleMatches('通过链接分享文件', '分享')).toBe(true);
  });

  it('matches every title for an empty query', () => {
    expect(titleMatches('The trash', '   ')).toBe(true);
  });
});
