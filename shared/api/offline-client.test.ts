import { describe, expect, it } from 'vitest';
import { linksIn, overFreeTaskLimit } from './offline-client.ts';

describe('the offline download limit a user is at', () => {
  const quotas = (daily: [number, number], active: [number, number]) => ({
    download: { limit: '-1', usage: '5' },
    offline_daily: { usage: String(daily[0]), limit: String(daily[1]) },
    offline_active: { usage: String(active[0]), limit: String(active[1]) },
  });

  it('is none below both limits', () => {
    expect(overFreeTaskLimit(quotas([99, 100], [4, 5]))).toBeUndefined();
  });

  it('is the day’s once its allowance is used, whatever runs', () => {
    expect(overFreeTaskLimit(quotas([100, 100], [0, 5]))).toBe('daily');
    expect(overFreeTaskLimit(quotas([100, 100], [5, 5]))).toBe('daily');
  });

  it('is the downloads at once when as many run as may', () => {
    expect(overFreeTaskLimit(quotas([3, 100], [5, 5]))).toBe('running');
  });

  it('is none when the server tells no offline quotas', () => {
    expect(overFreeTaskLimit({ download: { limit: '-1', usage: '0' } })).toBeUndefined();
  });
});

describe('the links in a paste', () => {
  it('takes one a line, without blank lines or repeats', () => {
    expect(linksIn(' https://a.example/x \n\nmagnet:?xt=urn:btih:abc\r\nhttps://a.example/x\n')).toEqual(['https://a.example/x', 'magnet:?xt=urn:btih:abc']);
  });
});
