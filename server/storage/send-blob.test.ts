import { describe, expect, it } from 'vitest';
import { parseByteRange, requestedBytes } from './send-blob.ts';

describe('byte ranges of a download', () => {
  it('reads a range, an open range and a suffix, clipped to the blob', () => {
    expect(parseByteRange('bytes=100-199', 5000)).toEqual({ start: 100, end: 199 });
    expect(parseByteRange('bytes=4990-', 5000)).toEqual({ start: 4990, end: 4999 });
    expect(parseByteRange('bytes=4990-9999', 5000)).toEqual({ start: 4990, end: 4999 });
    expect(parseByteRange('bytes=-10', 5000)).toEqual({ start: 4990, end: 4999 });
    expect(parseByteRange('bytes=-9999', 5000)).toEqual({ start: 0, end: 4999 });
  });

  it('sends the whole blob for no range, several ranges or one it cannot read', () => {
    for (const header of [undefined, '', 'bytes=0-1,5-6', 'bytes=-', 'items=0-1', 'bytes=9-3', 'bytes=a-b']) {
      expect(parseByteRange(header, 5000)).toBe('whole');
    }
  });

  it('calls a range that starts past the end, or an empty suffix, unsatisfiable', () => {
    expect(parseByteRange('bytes=5000-', 5000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-0', 5000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-5', 0)).toBe('unsatisfiable');
  });

  it('counts as traffic the bytes a request is sent', () => {
    expect(requestedBytes(undefined, 5000)).toBe(5000);
    expect(requestedBytes('bytes=0-999', 5000)).toBe(1000);
    expect(requestedBytes('bytes=6000-', 5000)).toBe(0);
  });
});
