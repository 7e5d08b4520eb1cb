// What Nubo needs from a payment provider: a hosted checkout for one purchase, and its signed
// events about how that checkout ended. Stripe is the one provider (payments/stripe.ts).

export type Checkout = {
  purchaseId: string;
  /** In the currency's minor unit. */
  amount: number;
  currency: string;
  /** What the person is buying, as the provider's page shows it. */
  label: string;
  customerEmail: string;
  /** Where the provider sends the person back after paying, and after giving up. */
  successUrl: string;
  cancelUrl: string;
};

/** What an event says about a purchase. `paid` carries what was paid, to check against the purchase. */
export type PaymentEvent =
  | { id: string; kind: 'paid'; purchaseId: string; amount: number; currency: string }
  | { id: string; kind: 'failed'; purchaseId: string }
  | { id: string; kind: 'other' };

export interface PaymentProvider {
  readonly name: string;
  /** Starts the provider's hosted checkout: its reference for it and the address to send the person to. */
  startCheckout(checkout: Checkout): Promise<{ ref: string; url: string }>;
  /**
   * The event a webhook delivered, from its raw body and signature header. Throws
   * PaymentEventRejected when the signature does not hold (forged, altered, or too old).
   */
  readEvent(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}

export class PaymentEventRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentEventRejected';
  }
}
