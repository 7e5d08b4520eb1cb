import { describe, expect, it } from 'vitest';
import { grantLabel, overStorageLimit, overTrafficLimit, planLabel, premiumFromVip } from './premium.ts';

describe('premiumFromVip', () => {
  it("makes a premium user of type 2 from status 'ok'", () => {
    expect(premiumFromVip({ status: 'ok', type: 'platinum', expire: '2027-01-01T00:00:00Z', user_id: 'u1' })).toEqual({ premium: true, userType: 2 });
  });

  it('makes a free user of type 1 from any other status', () => {
    for (const status of ['expired', 'invalid', '', 'OK', ' ok']) {
      expect(premiumFromVip({ status }), status).toEqual({ premium: false, userType: 1 });
    }
  });

  it('makes a free user of type 1 when there is no privilege', () => {
    expect(premiumFromVip(undefined)).toEqual({ premium: false, userType: 1 });
  });
});

describe('overStorageLimit', () => {
  it('is true only when more is stored than the quota allows (a grant ended), not when the drive is just full', () => {
    expect(overStorageLimit({ limit: '1000', usage: '1001' })).toBe(true);
    expect(overStorageLimit({ limit: '1000', usage: '1000' })).toBe(false);
    expect(overStorageLimit({ limit: '1000', usage: '0' })).toBe(false);
  });
});

describe('planLabel and grantLabel', () => {
  const t = (key: string, values: Record<string, string | number> = {}) =>
    `${key}(${Object.entries(values)
      .map(([k, v]) => `${k}=${v}`)
      .join(',')})`;

  it('name a plan by what it gives and for how long, sizes written for people', () => {
    expect(planLabel({ kind: 'premium', days: 31, bytes: '0' }, t)).toBe('premium.plan.premium(days=31,size=0 B)');
    expect(planLabel({ kind: 'storage', days: 31, bytes: String(1024 ** 4) }, t)).toBe('premium.plan.storage(days=31,size=1.00 TB)');
    expect(grantLabel({ kind: 'traffic', bytes: String(5 * 1024 ** 3) }, t)).toBe('premium.grant.traffic(size=5.00 GB)');
  });
});

describe('overTrafficLimit', () => {
  it('is true once the month’s downloads reach the allowance, never for an unlimited one or none', () => {
    expect(overTrafficLimit({ limit: '1000', usage: '1000' })).toBe(true);
    expect(overTrafficLimit({ limit: '1000', usage: '999' })).toBe(false);
    expect(overTrafficLimit({ limit: '-1', usage: '99999999' })).toBe(false);
    expect(overTrafficLimit(undefined)).toBe(false);
  });
});
