// Invitations (API.md, SPEC §4 free premium, §7.3): joining through a code, one's own code and
// link, how many joined and what it earned.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  INVITATION_PATHS,
  InvitationListSchema,
  InvitationsQuery,
  InviteBody,
  InviteCodeSchema,
  InvitedSchema,
  InviteInfoSchema,
  inviteLink,
} from '#shared/api/invitations.ts';
import { ApiErrorSchema } from '#shared/api/resources.ts';
import { type Authenticator, authOf } from '../auth/authenticate.ts';
import { presentInvitations, presentInviteInfo } from '../presenters/invitations.ts';
import type { InvitationsService } from '../services/invitations.ts';

type Options = { invitations: InvitationsService; auth: Authenticator; origin: (request: FastifyRequest) => string };

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 409: ApiErrorSchema };

export const invitationRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { invitations, auth, origin }) => {
  app.post(
    INVITATION_PATHS.invite,
    { preValidation: auth.requireUser, schema: { tags: ['premium'], body: InviteBody, response: { 200: InvitedSchema, ...errors } } },
    async (request) => {
      const { freeDays } = await invitations.join(authOf(request).user.id, request.ip, request.body.from);
      return { free_days: freeDays };
    },
  );

  app.get(
    INVITATION_PATHS.inviteCode,
    { preValidation: auth.requireUser, schema: { tags: ['premium'], response: { 200: InviteCodeSchema, ...errors } } },
    async (request) => {
      const code = await invitations.codeOf(authOf(request).user.id);
      return { code, link: inviteLink(origin(request), code) };
    },
  );

  app.get(
    INVITATION_PATHS.inviteInfo,
    { preValidation: auth.requireUser, schema: { tags: ['premium'], response: { 200: InviteInfoSchema, ...errors } } },
    async (request) => presentInviteInfo(await invitations.standing(authOf(request).user.id)),
  );

  app.get(
    INVITATION_PATHS.invitations,
    { preValidation: auth.requireUser, schema: { tags: ['premium'], querystring: InvitationsQuery, response: { 200: InvitationListSchema, ...errors } } },
    async (request) => presentInvitations(await invitations.invitations(authOf(request).user.id, request.query.limit ?? 20)),
  );
};
