// A stand-in for Stripe on loopback, for tests: the Checkout Sessions API the library calls, and a
// hosted checkout page whose Pay button delivers the signed webhook event (signed with the
// library's own test-header helper) before sending the person back, as Stripe does. No network.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export type StandInSession = {
  id: string;
  purchaseId: string;
  amount: number;
  currency: string;
  successUrl: string;
  cancelUrl: string;
};

export type StripeStandIn = {
  /** For STRIPE_API_URL. */
  url: string;
  /** Where events go: the Nubo under test's webhook, known once it runs. */
  webhookUrl: string;
  sessions: Map<string, StandInSession>;
  /** A signed event about a session, as Stripe would deliver it; `secret` signs it (a wrong one forges it). */
  event(
    session: StandInSession,
    type: string,
    changes?: { amount?: number; paymentStatus?: string; id?: string },
    secret?: string,
  ): { body: string; signature: string };
  /** Delivers an event to the webhook. */
  deliver(event: { body: string; signature: string }): Promise<Response>;
  close(): Promise<void>;
};

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

export async function startStripeStandIn(options: { webhookSecret: string; port?: number }): Promise<StripeStandIn> {
  const sessions = new Map<string, StandInSession>();
  const stripe = new Stripe('sk_test_stand_in');

  const event: StripeStandIn['event'] = (session, type, changes = {}, secret = options.webhookSecret) => {
    const body = JSON.stringify({
      id: changes.id ?? `evt_${randomBytes(8).toString('hex')}`,
      object: 'event',
      type,
      data: {
        object: {
          id: session.id,
          object: 'checkout.session',
          client_reference_id: session.purchaseId,
          metadata: { purchase_id: session.purchaseId },
          amount_total: changes.amount ?? session.amount,
          currency: session.currency,
          payment_status: changes.paymentStatus ?? 'paid',
        },
      },
    });
    return { body, signature: stripe.webhooks.generateTestHeaderString({ payload: body, secret }) };
  };
  const deliver: StripeStandIn['deliver'] = ({ body, signature }) =>
    fetch(standIn.webhookUrl, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature }, body });

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const send = (status: number, body: string, type = 'application/json') => response.writeHead(status, { 'Content-Type': type }).end(body);
    if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const form = new URLSearchParams(await readBody(request));
      const id = `cs_test_${randomBytes(8).toString('hex')}`;
      const session: StandInSession = {
        id,
        purchaseId: form.get('metadata[purchase_id]') ?? '',
        amount: Number(form.get('line_items[0][price_data][unit_amount]')),
        currency: form.get('line_items[0][price_data][currency]') ?? '',
        successUrl: form.get('success_url') ?? '',
        cancelUrl: form.get('cancel_url') ?? '',
      };
      sessions.set(id, session);
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return send(
        200,
        JSON.stringify({
          id,
          object: 'checkout.session',
          url: `${base}/pay/${id}`,
          payment_status: 'unpaid',
          amount_total: session.amount,
          currency: session.currency,
        }),
      );
    }
    const paying = /^\/pay\/(cs_test_\w+)(\/complete|\/cancel)?$/.exec(url.pathname);
    const session = paying ? sessions.get(paying[1]!) : undefined;
    if (!session) return send(404, JSON.stringify({ error: { message: 'no such session' } }));
    if (request.method === 'GET' && !paying![2]) {
      return send(
        200,
        `<!doctype html><title>Stand-in checkout</title><h1>Pay ${session.amount} ${session.currency}</h1>
<form method="post" action="/pay/${session.id}/complete"><button>Pay</button></form>
<form method="post" action="/pay/${session.id}/cancel"><button>Cancel</button></form>`,
        'text/html',
      );
    }
    if (request.method === 'POST' && paying![2] === '/complete') {
      const delivered = await deliver(event(session, 'checkout.session.completed'));
      if (!delivered.ok) return send(502, await delivered.text());
      return response.writeHead(303, { Location: session.successUrl }).end();
    }
    if (request.method === 'POST' && paying![2] === '/cancel') return response.writeHead(303, { Location: session.cancelUrl }).end();
    send(405, '{}');
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const standIn: StripeStandIn = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    webhookUrl: '',
    sessions,
    event,
    deliver,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return standIn;
}
