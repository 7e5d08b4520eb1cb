// Premium (API.md "Premium and account", SPEC §7.3): the VIP privilege, the plans on offer, the
// user's grants and allowances, and redeeming an activation code.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ActivationCodeBody,
  GrantListSchema,
  PlansSchema,
  PREMIUM_PATHS,
  QuantitiesQuery,
  QuantitiesSchema,
  RedeemedSchema,
  VipPrivilegeAnswerSchema,
} from '#shared/api/premium.ts';
import { ApiErrorSchema } from '#shared/api/resources.ts';
import { type Authenticator, authOf } from '../auth/authenticate.ts';
import { ServiceError } from '../errors.ts';
import { presentGrant, presentPlans, presentPrivilege, presentQuantities } from '../presenters/premium.ts';
import type { OfflineService } from '../services/offline.ts';
import type { PremiumService } from '../services/premium.ts';

type Options = { premium: PremiumService; offline: Pick<OfflineService, 'allowance'>; auth: Authenticator };

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 429: ApiErrorSchema };

export const premiumRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { premium, offline, auth }) => {
  app.get(PREMIUM_PATHS.plans, { schema: { tags: ['premium'], response: { 200: PlansSchema } } }, async () => presentPlans(premium.offer()));

  app.get(
    PREMIUM_PATHS.vipPrivilege,
    { preValidation: auth.requireUser, schema: { tags: ['premium'], response: { 200: VipPrivilegeAnswerSchema, ...errors } } },
    async (request) => {
      const userId = authOf(request).user.id;
      return { result: 'ACCEPTED' as const, data: presentPrivilege(userId, await premium.standing(userId)) };
    },
  );

  app.get(
    PREMIUM_PATHS.grants,
    { preValidation: auth.requireUser, schema: { tags: ['premium'], response: { 200: GrantListSchema, ...errors } } },
    async (request) => ({ grants: (await premium.grants(authOf(request).user.id)).map(presentGrant) }),
  );

  app.get(
    PREMIUM_PATHS.quantities,
    { preValidation: auth.requireUser, schema: { tags: ['premium'], querystring: QuantitiesQuery, response: { 200: QuantitiesSchema, ...errors } } },
    async (request) => {
      const type = request.query.type ?? 'transfer';
      if (type !== 'transfer') throw new ServiceError('invalid_request', 'type must be transfer.', [{ field: 'type', reason: 'unknown' }]);
      const userId = authOf(request).user.id;
      const [allowances, tasks] = await Promise.all([premium.allowances(userId), offline.allowance(userId)]);
      return presentQuantities(allowances, tasks);
    },
  );

  app.post(
    PREMIUM_PATHS.activationCode,
    { preValidation: auth.requireUser, schema: { tags: ['premium'], body: ActivationCodeBody, response: { 200: RedeemedSchema, ...errors } } },
    async (request) => {
      const userId = authOf(request).user.id;
      const { grant, standing } = await premium.redeem(userId, request.ip, request.body.activation_code);
      return { vip: presentPrivilege(userId, standing), grant: presentGrant(grant) };
    },
  );
};
