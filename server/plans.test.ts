import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const EXAMPLE = path.resolve(import.meta.dirname, '..', 'content', 'plans.example.json');

function plansFile(json: unknown): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'nubo-plans-')), 'plans.json');
  writeFileSync(file, typeof json === 'string' ? json : JSON.stringify(json));
  return file;
}

describe('PLANS_FILE', () => {
  it('without a file, offers nothing and keeps the free tier: 10 GiB, unlimited traffic, the offline limits of OFFLINE_*', () => {
    const { plans } = loadConfig({ OFFLINE_ACTIVE_TASKS: '7', OFFLINE_DAILY_TASKS: '70' });
    expect(plans.free).toEqual({ storage: 10 * 1024 ** 3, monthlyTraffic: -1, offlineActive: 7, offlineDaily: 70 });
    expect(plans.premium).toEqual(plans.free);
    expect([plans.offers, plans.checkIn, plans.invitation]).toEqual([[], undefined, undefined]);
  });

  it('reads the documented example: tiers, plans with prices, plans for codes only, rewards', () => {
    const { plans } = loadConfig({ PLANS_FILE: EXAMPLE });
    expect(plans.premium.monthlyTraffic).toBe(-1);
    expect(plans.offers.find((p) => p.id === 'premium-month')).toEqual({
      id: 'premium-month',
      terms: { kind: 'premium', days: 31 },
      prices: [
        { currency: 'USD', amount: 599 },
        { currency: 'EUR', amount: 549 },
      ],
    });
    expect(plans.offers.find((p) => p.id === 'premium-week')?.prices).toEqual([]);
    expect(plans.invitation?.inviterLimit).toBe(30);
  });

  it('fills a tier’s missing offline limits from OFFLINE_*, and the premium tier from the free one', () => {
    const { plans } = loadConfig({ PLANS_FILE: plansFile({ tiers: { free: { storage: 5, monthly_traffic: -1 } }, plans: [] }), OFFLINE_DAILY_TASKS: '9' });
    expect(plans.free).toEqual({ storage: 5, monthlyTraffic: -1, offlineActive: 5, offlineDaily: 9 });
    expect(plans.premium).toBe(plans.free);
  });

  it.each([
    ['not JSON', '{ "tiers": ', /PLANS_FILE: cannot read .*plans\.json/],
    ['a missing file', undefined, /PLANS_FILE: cannot read .*no-such\.json/],
    ['no free tier', { tiers: {}, plans: [] }, /PLANS_FILE: \/tiers: /],
    ['a negative size', { tiers: { free: { storage: -1, monthly_traffic: 0 } }, plans: [] }, /PLANS_FILE: \/tiers\/free\/storage: must be >= 0/],
    [
      'an unknown field',
      { tiers: { free: { storage: 1, monthly_traffic: 0, storge: 2 } }, plans: [] },
      /PLANS_FILE: \/tiers\/free\/storge: is not a field of the plans file/,
    ],
    [
      'storage without bytes',
      { tiers: { free: { storage: 1, monthly_traffic: 0 } }, plans: [{ id: 's', kind: 'storage', days: 3 }] },
      /PLANS_FILE: \/plans\/0\/bytes: a storage grant needs its bytes/,
    ],
    [
      'premium with bytes',
      { tiers: { free: { storage: 1, monthly_traffic: 0 } }, plans: [{ id: 'p', kind: 'premium', days: 3, bytes: 9 }] },
      /\/plans\/0\/bytes: premium grants a time/,
    ],
    [
      'a plan id twice',
      {
        tiers: { free: { storage: 1, monthly_traffic: 0 } },
        plans: [
          { id: 'p', kind: 'premium', days: 3 },
          { id: 'p', kind: 'premium', days: 4 },
        ],
      },
      /\/plans\/1\/id: "p" is used by an earlier plan/,
    ],
    [
      'a currency that is not a code',
      { tiers: { free: { storage: 1, monthly_traffic: 0 } }, plans: [{ id: 'p', kind: 'premium', days: 3, prices: { dollars: 5 } }] },
      /\/plans\/0\/prices: "dollars" is not a currency code/,
    ],
  ])('stops the server on %s, naming PLANS_FILE and the place', (_, json, message) => {
    const file = json === undefined ? path.join(os.tmpdir(), 'no-such.json') : plansFile(json);
    expect(() => loadConfig({ PLANS_FILE: file })).toThrow(ConfigError);
    expect(() => loadConfig({ PLANS_FILE: file })).toThrow(message);
  });
});

describe('STRIPE_*', () => {
  it('sets up card payments only with both keys, and stops on a key that is not Stripe’s', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }).stripe).toEqual({
      secretKey: 'sk_live_abc',
      webhookSecret: 'whsec_abc',
      apiUrl: undefined,
    });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_live_abc' })).toThrow(/STRIPE_WEBHOOK_SECRET must be/);
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(/STRIPE_SECRET_KEY must be/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(/STRIPE_SECRET_KEY must be a Stripe secret key/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_URL: 'ftp://x' })).toThrow(/STRIPE_API_URL/);
  });
});
