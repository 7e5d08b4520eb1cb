import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { parsePlans } from '../plans.ts';
import { ENGINES, startTestServer, type TestServer } from '../testing/harness.ts';
import { type StripeStandIn, startStripeStandIn } from '../testing/stripe-stand-in.ts';
import { signUp } from '../testing/uploads.ts';

const WEBHOOK_SECRET = 'whsec_test_nubo';
const PLANS = parsePlans(
  {
    tiers: { free: { storage: 1000, monthly_traffic: -1 } },
    plans: [
      { id: 'premium-month', kind: 'premium', days: 30, prices: { USD: 499, EUR: 459 } },
      { id: 'codes-only', kind: 'premium', days: 7 },
    ],
  },
  { activeTasks: 5, dailyTasks: 100 },
);

describe.each(ENGINES)('buying a plan through Stripe on %s', (engine) => {
  let server: TestServer;
  let stripe: StripeStandIn;
  beforeAll(async () => {
    stripe = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET });
    const { stripe: stripeConfig } = loadConfig({ STRIPE_SECRET_KEY: 'sk_test_nubo', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stripe.url });
    server = await startTestServer(engine, { plans: PLANS, stripe: stripeConfig });
    stripe.webhookUrl = `${server.url}/vip/v1/payments/stripe/webhook`;
  });
  afterAll(async () => {
    await server?.dispose();
    await stripe?.close();
  });

  async function checkout(browser: Awaited<ReturnType<typeof signUp>>['browser'], currency = 'EUR') {
    const started = await browser.post('/vip/v1/order/checkout', { plan_id: 'premium-month', currency });
    expect(started.status).toBe(200);
    const session = [...stripe.sessions.values()].find((s) => s.purchaseId === started.body.purchase_id)!;
    return { ...started.body, session };
  }

  it('sells the plans with prices, sends the buyer to the provider, and grants premium once the paid event arrives', async () => {
    const { browser, userId } = await signUp(server.url);
    const offer = (await browser.get('/vip/v1/plans')).body;
    expect(offer.payments).toBe(true);
    expect(offer.plans[0].prices).toEqual([
      { currency: 'USD', amount: 499 },
      { currency: 'EUR', amount: 459 },
    ]);
    const started = await checkout(browser);
    expect(started.checkout_url).toBe(`${stripe.url}/pay/${started.session.id}`);
    expect(started.session).toMatchObject({ amount: 459, currency: 'eur', successUrl: `${server.url}/drive/payment?purchase=${started.purchase_id}` });
    expect(started.session.cancelUrl).toBe(`${server.url}/drive/payment?purchase=${started.purchase_id}&cancelled=1`);
    expect((await browser.get(`/vip/v1/order/${started.purchase_id}`)).body).toMatchObject({ status: 'pending', amount: 459, currency: 'EUR' });

    const paid = stripe.event(started.session, 'checkout.session.completed');
    expect((await stripe.deliver(paid)).status).toBe(200);
    expect((await browser.get(`/vip/v1/order/${started.purchase_id}`)).body.status).toBe('paid');
    const vip = (await browser.get('/drive/v1/privilege/vip')).body.data;
    expect(vip).toMatchObject({ status: 'ok', user_id: userId, vip_item: [{ surplus_day: 30 }] });

    // The same event delivered again (Stripe retries) changes nothing.
    expect((await stripe.deliver(paid)).status).toBe(200);
    expect((await browser.get('/vip/v1/grants')).body.grants).toHaveLength(1);
  });

  it('refuses a forged event, and ignores one whose amount is not the purchase’s', async () => {
    const { browser } = await signUp(server.url);
    const started = await checkout(browser, 'USD');
    const forged = await stripe.deliver(stripe.event(started.session, 'checkout.session.completed', {}, 'whsec_someone_else'));
    expect([forged.status, ((await forged.json()) as { error: string }).error]).toEqual([400, 'invalid_request']);
    const unsigned = await fetch(stripe.webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: stripe.event(started.session, 'checkout.session.completed').body,
    });
    expect(unsigned.status).toBe(400);
    expect((await stripe.deliver(stripe.event(started.session, 'checkout.session.completed', { amount: 1 }))).status).toBe(200);
    expect((await browser.get(`/vip/v1/order/${started.purchase_id}`)).body.status).toBe('pending');
    expect((await browser.get('/drive/v1/privilege/vip')).body.data.status).toBe('invalid');
    // A session still waiting for its money grants nothing until that arrives.
    await stripe.deliver(stripe.event(started.session, 'checkout.session.completed', { paymentStatus: 'unpaid' }));
    expect((await browser.get(`/vip/v1/order/${started.purchase_id}`)).body.status).toBe('pending');
    await stripe.deliver(stripe.event(started.session, 'checkout.session.expired'));
    expect((await browser.get(`/vip/v1/order/${started.purchase_id}`)).body.status).toBe('failed');
  });

  it('sells only what has a price, and shows a purchase to its buyer alone', async () => {
    const { browser } = await signUp(server.url);
    const codesOnly = await browser.post('/vip/v1/order/checkout', { plan_id: 'codes-only', currency: 'USD' });
    expect([codesOnly.status, codesOnly.body.details[0].reason]).toEqual([400, 'no_price']);
    const noYen = await browser.post('/vip/v1/order/checkout', { plan_id: 'premium-month', currency: 'JPY' });
    expect(noYen.body.details[0].reason).toBe('no_price');
    const started = await checkout(browser);
    const other = await signUp(server.url);
    expect((await other.browser.get(`/vip/v1/order/${started.purchase_id}`)).status).toBe(404);
  });
});

describe('buying without payments set up', () => {
  it('shows no prices and sells nothing', async () => {
    const server = await startTestServer('sqlite', { plans: PLANS });
    try {
      const { browser } = await signUp(server.url);
      expect((await browser.get('/vip/v1/plans')).body).toMatchObject({ payments: false, plans: [{ prices: [] }, { prices: [] }] });
      expect((await browser.post('/vip/v1/order/checkout', { plan_id: 'premium-month', currency: 'USD' })).status).toBe(404);
      expect(
        (await fetch(`${server.url}/vip/v1/payments/stripe/webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).status,
      ).toBe(404);
    } finally {
      await server.dispose();
    }
  });
});
