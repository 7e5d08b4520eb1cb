// File and folder names: what a name may be, and the "name (1).ext" a clash becomes.
// Names are data: never paths, never markup. The same rule runs in the app and on the server.

export const NAME_MAX_BYTES = 255;

export type NameProblem = 'empty' | 'dot' | 'slash' | 'control' | 'too_long';

/** The first problem with a name, or undefined when it may be used as it is. */
export function nameProblem(name: string): NameProblem | undefined {
  if (name.length === 0 || name.trim().length === 0) return 'empty';
  if (name === '.' || name === '..') return 'dot';
  if (name.includes('/')) return 'slash';
  // NUL and the other C0/C1 control characters break terminals, logs and other file systems.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this rule refuses
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name)) return 'control';
  if (new TextEncoder().encode(name).length > NAME_MAX_BYTES) return 'too_long';
  return undefined;
}

/** Splits "report.final.pdf" into "report.final" and ".pdf"; a folder or ".bashrc" has no extension. */
export function splitExtension(name: string, isFolder = false): { stem: string; extension: string } {
  const dot = name.lastIndexOf('.');
  if (isFolder || dot <= 0 || dot === name.length - 1) return { stem: name, extension: '' };
  return { stem: name.slice(0, dot), extension: name.slice(dot) };
}

/**
 * The first free name among "name", "name (1).ext", "name (2).ext", … given the names taken in the
 * folder. A name that already ends in " (n)" counts on from n.
 */
export function freeName(name: string, taken: ReadonlySet<string>, isFolder = false): string {
  if (!taken.has(name)) return name;
  const { stem, extension } = splitExtension(name, isFolder);
  const numbered = /^(.*) \((\d+)\)$/.exec(stem);
  const base = numbered ? numbered[1]! : stem;
  let n = numbered ? Number(numbered[2]) + 1 : 1;
  for (;;) {
    const candidate = fitName(`${base} (${n})`, extension);
    if (!taken.has(candidate)) return candidate;
    n++;
  }
}

/** Keeps a numbered name within the byte limit by shortening its stem, never its extension. */
function fitName(stem: string, extension: string): string {
  const encoder = new TextEncoder();
  let result = stem + extension;
  let cut = stem;
  const suffix = / \(\d+\)$/.exec(stem)?.[0] ?? '';
  while (encoder.encode(result).length > NAME_MAX_BYTES && cut.length > suffix.length) {
    cut = [...cut.slice(0, cut.length - suffix.length)].slice(0, -1).join('') + suffix;
    result = cut + extension;
  }
  return result;
}

/**
 * A name given by someone else (a web server, a torrent) made into one the drive accepts: slashes
 * and control characters replaced, cut to the byte limit keeping the extension, and `fallback`
 * when nothing usable is left. What the name says stays data.
 */
export function usableName(raw: string, fallback: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this replaces
  const cleaned = raw.replace(/[/\u0000-\u001f\u007f-\u009f]/g, '_').trim();
  if (!cleaned || cleaned === '.' || cleaned === '..') return fallback;
  const { stem, extension } = splitExtension(cleaned);
  return fitName(stem, new TextEncoder().encode(extension).length < NAME_MAX_BYTES / 2 ? extension : '');
}
