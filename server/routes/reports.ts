// Reporting a share (shared/api/reports.ts): HTTP only; the rules are in services/reports.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { REPORT_PATHS, ReportShareBody } from '#shared/api/reports.ts';
import { ApiErrorSchema, EmptySchema } from '#shared/api/resources.ts';
import type { ReportsService } from '../services/reports.ts';

export const reportRoutes: FastifyPluginAsyncTypebox<{ reports: ReportsService }> = async (app, { reports }) => {
  app.post(
    REPORT_PATHS.report,
    { schema: { tags: ['shares'], body: ReportShareBody, response: { 200: EmptySchema, 400: ApiErrorSchema, 404: ApiErrorSchema, 429: ApiErrorSchema } } },
    async (request) => {
      const { share_id: shareId, reason, note } = request.body;
      await reports.report({ shareId, ip: request.ip, reporterId: undefined }, { reason, note: note ?? '' });
      return {};
    },
  );
};
