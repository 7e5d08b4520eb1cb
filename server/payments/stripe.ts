// Stripe as the payment provider, through the official library: a Checkout Session per purchase,
// and webhook events verified with the endpoint's signing secret (a forged, altered or replayed-late
// event is refused by the library's check). STRIPE_API_URL points the library at a stand-in.
import Stripe from 'stripe';
import type { StripeConfig } from '../config.ts';
import { type Checkout, type PaymentEvent, PaymentEventRejected, type PaymentProvider } from './provider.ts';

export function stripeProvider(config: StripeConfig): PaymentProvider {
  const api = config.apiUrl ? new URL(config.apiUrl) : undefined;
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(api ? { host: api.hostname, port: api.port || (api.protocol === 'https:' ? 443 : 80), protocol: api.protocol === 'https:' ? 'https' : 'http' } : {}),
  });

  return {
    name: 'stripe',

    async startCheckout(checkout: Checkout) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: checkout.purchaseId,
          metadata: { purchase_id: checkout.purchaseId },
          customer_email: checkout.customerEmail,
          line_items: [
            { quantity: 1, price_data: { currency: checkout.currency.toLowerCase(), unit_amount: checkout.amount, product_data: { name: checkout.label } } },
          ],
          success_url: checkout.successUrl,
          cancel_url: checkout.cancelUrl,
        },
        // One session per purchase, however often the call is retried.
        { idempotencyKey: `checkout-${checkout.purchaseId}` },
      );
      if (!session.url) throw new Error(`Stripe gave checkout session ${session.id} no address`);
      return { ref: session.id, url: session.url };
    },

    readEvent(rawBody: Buffer, signature: string | undefined): PaymentEvent {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', config.webhookSecret);
      } catch (failure) {
        throw new PaymentEventRejected((failure as Error).message);
      }
      const session = event.data.object as Partial<Stripe.Checkout.Session>;
      const purchaseId = session.metadata?.purchase_id ?? session.client_reference_id ?? undefined;
      if (!purchaseId) return { id: event.id, kind: 'other' };
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
          // A completed session whose payment is still on its way (a bank debit) is paid later.
          if (session.payment_status !== 'paid') return { id: event.id, kind: 'other' };
          return { id: event.id, kind: 'paid', purchaseId, amount: session.amount_total ?? 0, currency: (session.currency ?? '').toUpperCase() };
        case 'checkout.session.async_payment_failed':
        case 'checkout.session.expired':
          return { id: event.id, kind: 'failed', purchaseId };
        default:
          return { id: event.id, kind: 'other' };
      }
    },
  };
}
