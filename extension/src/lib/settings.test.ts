import { describe, expect, it } from 'vitest';
import { downloadMatches, listEntries } from './settings.ts';

describe('download filters', () => {
  const filters = { extensions: ['zip', 'iso'], minSizeMb: 10, skipSites: ['example.org'] };
  const download = (url: string, totalBytes = 50 * 1024 * 1024, filename = '') => ({ url, filename, totalBytes });

  it('catches a download of a listed type, large enough, from a site not skipped', () => {
    expect(downloadMatches(filters, download('https://files.example.com/a/Disk.ISO'))).toBe(true);
    expect(downloadMatches(filters, download('https://files.example.com/get?id=1', 50 * 1024 * 1024, '/home/ann/Downloads/backup.zip'))).toBe(true);
    // A size the browser does not know yet is not a reason to leave it.
    expect(downloadMatches(filters, download('https://files.example.com/a.zip', -1))).toBe(true);
  });

  it('leaves other types, small files, skipped sites and their subdomains, and addresses Nubo cannot fetch to the browser', () => {
    expect(downloadMatches(filters, download('https://files.example.com/a.exe'))).toBe(false);
    expect(downloadMatches(filters, download('https://files.example.com/a.zip', 1024))).toBe(false);
    expect(downloadMatches(filters, download('https://example.org/a.zip'))).toBe(false);
    expect(downloadMatches(filters, download('https://cdn.example.org/a.zip'))).toBe(false);
    expect(downloadMatches(filters, download('https://notexample.org/a.zip'))).toBe(true);
    expect(downloadMatches(filters, download('blob:https://files.example.com/1234'))).toBe(false);
    expect(downloadMatches(filters, download('data:application/zip;base64,AAAA'))).toBe(false);
  });

  it('catches every type and size when no filter is set', () => {
    expect(downloadMatches({ extensions: [], minSizeMb: 0, skipSites: [] }, download('https://a.example/x', 1))).toBe(true);
  });

  it('reads a typed list as lowercase entries without dots, each once', () => {
    expect(listEntries(' zip, .ISO  mkv;zip\n')).toEqual(['zip', 'iso', 'mkv']);
    expect(listEntries('')).toEqual([]);
  });
});
