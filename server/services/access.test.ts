import { describe, expect, it } from 'vitest';
import { blockListOf, isBlocked } from './access.ts';

describe('blocked networks', () => {
  it('blocks addresses in the listed ranges, IPv4 mapped into IPv6 included', () => {
    const list = blockListOf(['203.0.113.0/24', '198.51.100.7', '2001:db8::/32']);
    expect(isBlocked(list, '203.0.113.200')).toBe(true);
    expect(isBlocked(list, '::ffff:203.0.113.9')).toBe(true);
    expect(isBlocked(list, '198.51.100.7')).toBe(true);
    expect(isBlocked(list, '198.51.100.8')).toBe(false);
    expect(isBlocked(list, '2001:db8::1')).toBe(true);
    expect(isBlocked(list, '2001:db9::1')).toBe(false);
  });
});
