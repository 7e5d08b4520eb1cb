// Imports flow one way: the site and the drive app → shared ← the server, and inside the server
// route → service → repository, with presenters shaping what services answer. What two parts
// need lives below both, never in one of them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCE = /\.(ts|tsx|astro|mjs)$/;
// Static imports and re-exports, side-effect imports, and import() with a literal path.
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name) && !entry.name.includes('.test.'))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

/** The files a source file imports, as paths from the root ('shared/…' for `#shared/…`). */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  return [...text.matchAll(IMPORT)].flatMap(([, specifier = '']) => {
    if (specifier.startsWith('#shared/')) return [`shared/${specifier.slice('#shared/'.length)}`];
    if (specifier.startsWith('.')) return [path.relative(ROOT, path.resolve(ROOT, path.dirname(file), specifier))];
    return [];
  });
}

/** Each `from` folder's files may not import any of the `not` folders. */
const RULES: Array<{ from: string; not: string[] }> = [
  { from: 'shared', not: ['server', 'drive-app', 'site'] },
  { from: 'site', not: ['server', 'drive-app'] },
  { from: 'drive-app', not: ['server', 'site'] },
  { from: 'server', not: ['drive-app', 'site'] },
  { from: 'server/db', not: ['server/routes', 'server/services', 'server/presenters', 'server/web'] },
  { from: 'server/presenters', not: ['server/routes', 'server/web'] },
  { from: 'server/services', not: ['server/routes', 'server/presenters', 'server/web'] },
];

describe('import directions', () => {
  it.each(RULES)('$from imports nothing from $not', ({ from, not }) => {
    const wrong = sourceFiles(from).flatMap((file) =>
      importsOf(file)
        .filter((target) => not.some((folder) => target === folder || target.startsWith(`${folder}/`)))
        .map((target) => `${file} → ${target}`),
    );
    expect(wrong).toEqual([]);
  });

  it('reads the imports it checks (a wrong pattern would pass everything)', () => {
    expect(importsOf('server/app.ts')).toContain('server/config.ts');
    expect(importsOf('site/layouts/DriveLayout.astro')).toContain('shared/i18n/locales.ts');
  });
});
