// Buying a plan: starting a checkout, following a purchase, and the payment provider's webhook,
// whose raw body is kept for its signature check.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { CheckoutBody, CheckoutSchema, PURCHASE_PATHS, PurchaseParams, PurchaseSchema } from '#shared/api/purchases.ts';
import { ApiErrorSchema, EmptySchema } from '#shared/api/resources.ts';
import { type Authenticator, authOf } from '../auth/authenticate.ts';
import { ServiceError } from '../errors.ts';
import { PaymentEventRejected } from '../payments/provider.ts';
import { presentPurchase } from '../presenters/purchases.ts';
import type { PurchasesService } from '../services/purchases.ts';
import { fastifyPath } from './fastify-path.ts';

type Options = { purchases: PurchasesService; auth: Authenticator; origin: (request: FastifyRequest) => string };

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };

export const purchaseRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { purchases, auth, origin }) => {
  app.post(
    PURCHASE_PATHS.checkout,
    { preValidation: auth.requireUser, schema: { tags: ['premium'], body: CheckoutBody, response: { 200: CheckoutSchema, ...errors } } },
    async (request) => {
      const { user } = authOf(request);
      const started = await purchases.checkout(
        { id: user.id, email: user.email },
        { planId: request.body.plan_id, currency: request.body.currency },
        origin(request),
      );
      return { purchase_id: started.purchaseId, checkout_url: started.checkoutUrl };
    },
  );

  app.get(
    fastifyPath(PURCHASE_PATHS.purchase),
    { preValidation: auth.requireUser, schema: { tags: ['premium'], params: PurchaseParams, response: { 200: PurchaseSchema, ...errors } } },
    async (request) => presentPurchase(await purchases.get(authOf(request).user.id, request.params.id)),
  );

  await app.register(async (webhook) => {
    // The signature covers the body exactly as sent: it is kept as bytes, not parsed.
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post(
      PURCHASE_PATHS.stripeWebhook,
      { schema: { tags: ['premium'], hide: true, response: { 200: EmptySchema, 400: ApiErrorSchema, 404: ApiErrorSchema } } },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        try {
          await purchases.receive(request.body as Buffer, typeof signature === 'string' ? signature : undefined);
        } catch (failure) {
          if (failure instanceof PaymentEventRejected)
            throw new ServiceError('invalid_request', `This event is not Stripe's: ${failure.message}`, [{ reason: 'signature' }]);
          throw failure;
        }
        return {};
      },
    );
  });
};
