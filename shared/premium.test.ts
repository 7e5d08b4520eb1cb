import { describe, expect, it } from 'vitest';
import { premiumFromVip } from './premium.ts';

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
