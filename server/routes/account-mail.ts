// E-mail about the account under /v1/auth (shared/api/account-mail.ts): HTTP only; the rules are
// in services/account-mail.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ACCOUNT_MAIL_PATHS, ConfirmAddressBody, MailStatusSchema, PasswordResetBody, ResetPasswordBody } from '#shared/api/account-mail.ts';
import { UserProfileSchema } from '#shared/api/accounts.ts';
import { ApiErrorSchema, EmptySchema } from '#shared/api/resources.ts';
import { type Authenticator, assertSameOrigin, authOf } from '../auth/authenticate.ts';
import { presentProfile } from '../presenters/accounts.ts';
import type { AccountMailService } from '../services/account-mail.ts';
import { requestLocale } from '../web/request-locale.ts';

type Options = { accountMail: AccountMailService; auth: Authenticator; publicUrl: string };

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 429: ApiErrorSchema };

export const accountMailRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { accountMail, auth, publicUrl }) => {
  app.get(ACCOUNT_MAIL_PATHS.status, { schema: { tags: ['auth'], response: { 200: MailStatusSchema } } }, async () => accountMail.status());

  app.post(
    ACCOUNT_MAIL_PATHS.verification,
    { schema: { tags: ['auth'], response: { 200: EmptySchema, ...errors } }, preValidation: auth.requireUser },
    async (request) => {
      await accountMail.sendConfirmationAgain(authOf(request).user, requestLocale(request));
      return {};
    },
  );

  app.post(
    ACCOUNT_MAIL_PATHS.confirmAddress,
    { schema: { tags: ['auth'], body: ConfirmAddressBody, response: { 200: UserProfileSchema, ...errors } } },
    async (request) => presentProfile(await accountMail.confirmAddress(request.body.token)),
  );

  app.post(
    ACCOUNT_MAIL_PATHS.passwordReset,
    { schema: { tags: ['auth'], body: PasswordResetBody, response: { 200: EmptySchema, ...errors } } },
    async (request) => {
      assertSameOrigin(request, publicUrl);
      await accountMail.requestPasswordReset(request.body.email, requestLocale(request), request.ip);
      return {};
    },
  );

  app.post(
    ACCOUNT_MAIL_PATHS.resetPassword,
    { schema: { tags: ['auth'], body: ResetPasswordBody, response: { 200: EmptySchema, ...errors } } },
    async (request) => {
      assertSameOrigin(request, publicUrl);
      await accountMail.resetPassword(request.body.token, request.body.password);
      return {};
    },
  );
};
