// The files operators publish in content/ are checked when the site is built; these pin the checks.
import { describe, expect, it } from 'vitest';
import { parseTransparencyReport, totalTakedowns } from '#shared/transparency.ts';
import { parseContact } from './contact.ts';
import { DOWNLOAD_KEYS, parseDownloads } from './downloads.ts';

const allDownloads = (url: string | null) => Object.fromEntries(DOWNLOAD_KEYS.map((key) => [key, url]));

describe('parseDownloads', () => {
  it('takes https addresses, paths on this server and null for every target', () => {
    const downloads = parseDownloads({ ...allDownloads(null), windows: 'https://downloads.example.org/Nubo-Setup.exe', macIntel: '/downloads/Nubo-x64.dmg' });
    expect(downloads.windows).toBe('https://downloads.example.org/Nubo-Setup.exe');
    expect(downloads.macIntel).toBe('/downloads/Nubo-x64.dmg');
    expect(downloads.ios).toBeNull();
  });

  it('refuses a missing or unknown target and addresses that are not https or local', () => {
    const { tv: _, ...withoutTv } = allDownloads(null);
    expect(() => parseDownloads(withoutTv)).toThrow('"tv" is missing');
    expect(() => parseDownloads({ ...allDownloads(null), linux: null })).toThrow('unknown targets linux');
    for (const url of ['http://example.org/a.apk', 'javascript:alert(1)', '//evil.example/a.apk', 'a.apk']) {
      expect(() => parseDownloads({ ...allDownloads(null), android: url }), url).toThrow('"android" must be');
    }
  });
});

describe('parseTransparencyReport', () => {
  it('reads periods newest first, counting absent reasons as zero', () => {
    const report = parseTransparencyReport({
      updated: '2026-07-01',
      periods: [
        { period: '2025-H2', takedowns: { copyright: 3 } },
        { period: '2026-H1', takedowns: { copyright: 12, malware: 2, childSafety: 1 } },
      ],
    });
    expect(report.periods.map((p) => `${p.year}-H${p.half}`)).toEqual(['2026-H1', '2025-H2']);
    expect(report.periods[1]?.takedowns).toEqual({ copyright: 3, childSafety: 0, malware: 0, illegal: 0, abuse: 0, other: 0 });
    expect(totalTakedowns(report.periods[0]!)).toBe(15);
  });

  it('refuses bad periods, unknown reasons, counts that are not whole numbers, and figures without a date', () => {
    expect(() => parseTransparencyReport({ updated: '2026-07-01', periods: [{ period: '2026-Q1', takedowns: {} }] })).toThrow('must be like 2026-H1');
    expect(() => parseTransparencyReport({ updated: '2026-07-01', periods: [{ period: '2026-H1', takedowns: { spam: 1 } }] })).toThrow('unknown reasons spam');
    expect(() => parseTransparencyReport({ updated: '2026-07-01', periods: [{ period: '2026-H1', takedowns: { copyright: 1.5 } }] })).toThrow('whole number');
    expect(() => parseTransparencyReport({ updated: null, periods: [{ period: '2026-H1', takedowns: {} }] })).toThrow('updated must be set');
  });
});

describe('parseContact', () => {
  it('takes e-mail addresses or null', () => {
    expect(parseContact({ email: 'help@example.org', abuseEmail: null })).toEqual({ email: 'help@example.org', abuseEmail: null });
    expect(() => parseContact({ email: 'not an address', abuseEmail: null })).toThrow('"email" must be an e-mail address or null');
  });
});

describe('takedownReasonOf', () => {
  it('reads a report reason from the moderator reason or its prefix, other for free text', async () => {
    const { takedownReasonOf } = await import('#shared/transparency.ts');
    expect(takedownReasonOf('childSafety')).toBe('childSafety');
    expect(takedownReasonOf('malware: phishing page')).toBe('malware');
    expect(takedownReasonOf('spam')).toBe('other');
    expect(takedownReasonOf('')).toBe('other');
  });
});
