// Reporting a share (shared/api/reports.ts): HTTP only; the rules are in services/reports.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { REPORT_PATHS, ReportShareBody } from '#shared/api/reports.ts';
import { ApiErrorSchema, EmptySchema } from '#shared/api/resources.ts';
import { type Authenticator, signedInOf } from '../auth/authenticate.ts';
import type { ReportsService } from '../services/reports.ts';

export const reportRoutes: FastifyPluginAsyncTypebox<{ reports: ReportsService; auth: Authenticator }> = async (app, { reports, auth }) => {
  app.post(
    REPORT_PATHS.report,
    {
      // Anyone may report; a signed-in visitor's report says who sent it, for the moderator.
      preValidation: auth.identifyUser,
      schema: { tags: ['shares'], body: ReportShareBody, response: { 200: EmptySchema, 400: ApiErrorSchema, 404: ApiErrorSchema, 429: ApiErrorSchema } },
    },
    async (request) => {
      const { share_id: shareId, reason, note } = request.body;
      await reports.report({ shareId, ip: request.ip, reporterId: signedInOf(request)?.user.id }, { reason, note: note ?? '' });
      return {};
    },
  );
};
