import { describe, expect, it } from 'vitest';
import { applyFreePremium, premiumFromVip, shouldRequestFreePremium, type FreePremiumCandidate } from './premium.ts';

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

describe('shouldRequestFreePremium', () => {
  const newcomer: FreePremiumCandidate = { signedIn: true, premium: false, freeDays: 0, getFreeVipCalled: false };

  it('asks for free premium for a signed-in, non-premium user with no free days whose invite call has not run', () => {
    expect(shouldRequestFreePremium(newcomer)).toBe(true);
  });

  it('does not ask for a visitor who is not signed in', () => {
    expect(shouldRequestFreePremium({ ...newcomer, signedIn: false })).toBe(false);
  });

  it('does not ask for a user who is already premium', () => {
    expect(shouldRequestFreePremium({ ...newcomer, premium: true })).toBe(false);
  });

  it('does not ask for a user who already has free days', () => {
    expect(shouldRequestFreePremium({ ...newcomer, freeDays: 3 })).toBe(false);
  });

  it('does not ask a second time once the invite call has run', () => {
    expect(shouldRequestFreePremium({ ...newcomer, getFreeVipCalled: true })).toBe(false);
  });
});

describe('applyFreePremium', () => {
  it('grants premium and a free-days cookie of 1440 minutes per day', () => {
    expect(applyFreePremium(1)).toEqual({ premium: true, freeDaysCookieMinutes: 1440 });
    expect(applyFreePremium(7)).toEqual({ premium: true, freeDaysCookieMinutes: 10_080 });
  });

  it('grants nothing for zero, negative or non-numeric free days', () => {
    for (const freeDays of [0, -2, NaN, Infinity]) {
      expect(applyFreePremium(freeDays), String(freeDays)).toBeUndefined();
    }
  });
});
