// The operator console's API under /admin/v1 (shared/api/admin.ts): HTTP only; the rules are in
// services/admin.ts. Every route asks for a signed-in admin first.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ADMIN_PATHS,
  AdminUserDetailSchema,
  AdminUserList,
  AdminUserParams,
  AdminUserQuery,
  AdminUserSchema,
  AuditList,
  AuditQuery,
  CampaignList,
  CodeBatchList,
  MintCodesBody,
  OverviewSchema,
  ReportList,
  ReportQuery,
  ResolvedReportSchema,
  ResolveReportBody,
  RevokeCodesBody,
  RevokedCodesSchema,
  SettingsSchema,
  UpdateAdminUserBody,
} from '#shared/api/admin.ts';
import { GrantSchema, GrantTerms } from '#shared/api/premium.ts';
import { ApiErrorSchema, EmptySchema } from '#shared/api/resources.ts';
import type { CampaignCalendar } from '#shared/campaigns.ts';
import { type Authenticator, authOf } from '../auth/authenticate.ts';
import type { Config } from '../config.ts';
import { readPageToken, writePageToken } from '../pagination.ts';
import {
  presentAdminUser,
  presentAdminUserDetail,
  presentAuditEntry,
  presentCampaigns,
  presentCodeBatch,
  presentOverview,
  presentSettings,
} from '../presenters/admin.ts';
import { presentGrant, presentMintedCodes } from '../presenters/premium.ts';
import { presentShareReport } from '../presenters/reports.ts';
import type { AccountDeletionService } from '../services/account-deletion.ts';
import type { AdminService } from '../services/admin.ts';
import type { PremiumService } from '../services/premium.ts';
import type { ReportsService } from '../services/reports.ts';
import { VERSION } from '../version.ts';
import { fastifyPath } from './fastify-path.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const PAGE = 50;

type Options = {
  admin: AdminService;
  deletion: AccountDeletionService;
  premium: PremiumService;
  reports: ReportsService;
  auth: Authenticator;
  config: Config;
  campaigns: CampaignCalendar;
};

export const adminRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { admin, deletion, premium, reports, auth, config, campaigns }) => {
  // Every route here: signed in, then an admin; whoever else asks is refused before anything is read.
  app.addHook('preValidation', auth.requireAdmin);

  app.get(ADMIN_PATHS.users, { schema: { tags: ['admin'], querystring: AdminUserQuery, response: { 200: AdminUserList, ...errors } } }, async (request) => {
    const limit = request.query.limit ?? PAGE;
    const after = request.query.page_token
      ? readPageToken(request.query.page_token, ([createdAt, id]) => (typeof createdAt === 'number' && typeof id === 'string' ? { createdAt, id } : undefined))
      : undefined;
    const users = await admin.findUsers({ q: (request.query.q ?? '').trim(), after, limit });
    const last = users.length === limit ? users.at(-1) : undefined;
    return { users: users.map(presentAdminUser), next_page_token: writePageToken(last && [last.created_at, last.id]) };
  });

  app.get(ADMIN_PATHS.user, { schema: { tags: ['admin'], params: AdminUserParams, response: { 200: AdminUserDetailSchema, ...errors } } }, async (request) =>
    presentAdminUserDetail(await admin.user(request.params.id)),
  );

  app.patch(
    ADMIN_PATHS.user,
    {
      schema: { tags: ['admin'], params: AdminUserParams, body: UpdateAdminUserBody, response: { 200: AdminUserSchema, ...errors } },
    },
    async (request) => {
      const { storage_limit: limit, status, role } = request.body;
      const changed = await admin.changeAccount(authOf(request).user, request.params.id, {
        ...(limit === undefined ? {} : { storageLimit: limit === '' ? null : Number(limit) }),
        ...(status ? { status } : {}),
        ...(role ? { role } : {}),
      });
      return presentAdminUser(changed);
    },
  );

  app.post(
    ADMIN_PATHS.deleteUser,
    { schema: { tags: ['admin'], params: AdminUserParams, response: { 200: AdminUserDetailSchema, ...errors } } },
    async (request) => {
      await deletion.schedule(authOf(request).user, request.params.id);
      return presentAdminUserDetail(await admin.user(request.params.id));
    },
  );

  app.post(
    ADMIN_PATHS.grants,
    { schema: { tags: ['admin'], params: AdminUserParams, body: GrantTerms, response: { 200: GrantSchema, ...errors } } },
    async (request) => presentGrant(await admin.grant(authOf(request).user, request.params.id, request.body)),
  );

  app.post(
    fastifyPath(ADMIN_PATHS.signOutEverywhere),
    { schema: { tags: ['admin'], params: AdminUserParams, response: { 200: EmptySchema, ...errors } } },
    async (request) => {
      await admin.signOutEverywhere(authOf(request).user, request.params.id);
      return {};
    },
  );

  app.get(ADMIN_PATHS.codes, { schema: { tags: ['admin'], response: { 200: CodeBatchList, ...errors } } }, async () => ({
    batches: (await premium.codeBatches()).map(presentCodeBatch),
  }));

  app.post(ADMIN_PATHS.codes, { schema: { tags: ['admin'], body: MintCodesBody, response: { 200: Type.String(), ...errors } } }, async (request, reply) => {
    const { plan_id: planId, count, valid_days: validDays } = request.body;
    const minted = await premium.mintCodes({ planId, count, validDays });
    await admin.record(authOf(request).user, 'codes.mint', minted.batch, { plan_id: planId, count, valid_days: validDays });
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="nubo-codes-${planId.replace(/[^\w-]/g, '_')}-${minted.batch}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(presentMintedCodes(minted, planId));
  });

  app.post(
    fastifyPath(ADMIN_PATHS.revokeCodes),
    { schema: { tags: ['admin'], body: RevokeCodesBody, response: { 200: RevokedCodesSchema, ...errors } } },
    async (request) => {
      const revoked = await premium.revokeBatch(request.body.batch);
      await admin.record(authOf(request).user, 'codes.revoke', request.body.batch, { revoked });
      return { revoked };
    },
  );

  app.get(ADMIN_PATHS.reports, { schema: { tags: ['admin'], querystring: ReportQuery, response: { 200: ReportList, ...errors } } }, async (request) => {
    const limit = request.query.limit ?? PAGE;
    const after = request.query.page_token ? readPageToken(request.query.page_token, ([id]) => (typeof id === 'string' ? id : undefined)) : undefined;
    const listed = await reports.list({ open: request.query.state !== 'handled', after, limit });
    const last = listed.length === limit ? listed.at(-1) : undefined;
    return { reports: listed.map(presentShareReport), next_page_token: writePageToken(last && [last.id]) };
  });

  app.post(
    fastifyPath(ADMIN_PATHS.resolveReport),
    { schema: { tags: ['admin'], body: ResolveReportBody, response: { 200: ResolvedReportSchema, ...errors } } },
    async (request) => {
      const { report_id: reportId, action } = request.body;
      const moderator = authOf(request).user;
      const changed = await reports.resolve(moderator, reportId, action);
      await admin.record(moderator, `report.${action}`, reportId, { hashes: changed.hashes.length, shares: changed.shareIds.length });
      return { contents: changed.hashes.length, shares: changed.shareIds.length };
    },
  );

  app.get(ADMIN_PATHS.campaigns, { schema: { tags: ['admin'], response: { 200: CampaignList, ...errors } } }, async () => ({
    campaigns: presentCampaigns(campaigns),
  }));

  app.get(ADMIN_PATHS.settings, { schema: { tags: ['admin'], response: { 200: SettingsSchema, ...errors } } }, async () => presentSettings(config, VERSION));

  app.get(ADMIN_PATHS.overview, { schema: { tags: ['admin'], response: { 200: OverviewSchema, ...errors } } }, async () =>
    presentOverview(await admin.overview()),
  );

  app.get(ADMIN_PATHS.audit, { schema: { tags: ['admin'], querystring: AuditQuery, response: { 200: AuditList, ...errors } } }, async (request) => {
    const limit = request.query.limit ?? PAGE;
    const before = request.query.page_token ? readPageToken(request.query.page_token, ([id]) => (typeof id === 'string' ? id : undefined)) : undefined;
    const entries = await admin.audit({ before, limit });
    const last = entries.length === limit ? entries.at(-1) : undefined;
    return { entries: entries.map(presentAuditEntry), next_page_token: writePageToken(last && [last.id]) };
  });
};
