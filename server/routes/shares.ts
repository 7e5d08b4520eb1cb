// The shares API under /drive/v1 (API.md Shares). Owners' calls need a signed-in user; visitors'
// calls need only the share id (and its passcode), and answer a share status with HTTP 200.
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { BatchDeleteSharesBody, BatchShareFileInfoBody, CreateShareBody, RESTORE_PATH, RestoreBody, SHARE_PATHS, ShareDetailQuery, ShareFileInfoQuery, ViewShareQuery } from '#shared/api/shares.ts';
import { ApiErrorSchema, FileSchema, ShareRestoreResultSchema, ShareSummarySchema, ShareViewSchema } from '#shared/api/resources.ts';
import { SHARE_STATUSES } from '#shared/enums.ts';
import { authOf, type authenticator } from '../auth/authenticate.ts';
import { SHARE_STATUS_TEXT, type RestoreRequest, type SharesService } from '../services/shares.ts';
import type { DownloadLinks } from '../storage/download-links.ts';

type Options = {
  shares: SharesService;
  links: DownloadLinks;
  auth: ReturnType<typeof authenticator>;
  enqueueRestore: (request: RestoreRequest, items: number) => Promise<string>;
  origin: (request: FastifyRequest) => string;
};

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 429: ApiErrorSchema };
const Status = Type.Enum([...SHARE_STATUSES]);

export const shareRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { shares, links, auth, enqueueRestore, origin }) => {
  const access = (request: FastifyRequest, query: { share_id: string; pass_code?: string | undefined; pass_code_token?: string | undefined }) => ({
    shareId: query.share_id,
    passCode: query.pass_code,
    passCodeToken: query.pass_code_token,
    ip: request.ip,
  });

  app.post(
    SHARE_PATHS.share,
    {
      preValidation: auth.requireUser,
      schema: { tags: ['shares'], body: CreateShareBody, response: { 200: Type.Object({ share_id: Type.String(), share_url: Type.String(), pass_code: Type.String(), share_text: Type.String() }), ...errors } },
    },
    async (request) => {
      const body = request.body;
      return shares.create(authOf(request).user.id, origin(request), {
        fileIds: body.file_ids,
        ...(body.expiration_days !== undefined ? { expirationDays: body.expiration_days } : {}),
        passCodeRequired: body.pass_code_option === 'REQUIRED' || body.share_to === 'encryptedlink' || body.custom_pass_code !== undefined,
        ...(body.custom_pass_code ? { customPassCode: body.custom_pass_code } : {}),
        ...(body.title ? { title: body.title } : {}),
        ...(body.restore_limit !== undefined ? { restoreLimit: body.restore_limit } : {}),
      });
    },
  );

  app.get(
    SHARE_PATHS.list,
    { preValidation: auth.requireUser, schema: { tags: ['shares'], response: { 200: Type.Object({ data: Type.Array(ShareSummarySchema), next_page_token: Type.String() }), ...errors } } },
    async (request) => ({ data: await shares.listMine(authOf(request).user.id, origin(request)), next_page_token: '' }),
  );

  // A literal ':' in a Fastify path is written '::'.
  app.post(
    SHARE_PATHS.batchDelete.replace(':', '::'),
    { preValidation: auth.requireUser, schema: { tags: ['shares'], body: BatchDeleteSharesBody, response: { 200: Type.Object({}), ...errors } } },
    async (request) => {
      await shares.cancel(authOf(request).user.id, request.body.ids);
      return {};
    },
  );

  app.get(SHARE_PATHS.share, { schema: { tags: ['shares'], querystring: ViewShareQuery, response: { 200: ShareViewSchema, ...errors } } }, async (request) =>
    shares.view(access(request, request.query), { limit: request.query.limit ?? 100, pageToken: request.query.page_token }),
  );

  app.get(
    SHARE_PATHS.detail,
    { schema: { tags: ['shares'], querystring: ShareDetailQuery, response: { 200: Type.Object({ share_status: Status, share_status_text: Type.String(), files: Type.Array(FileSchema), next_page_token: Type.String() }), ...errors } } },
    async (request) =>
      shares.detail(access(request, request.query), request.query.parent_id, { limit: request.query.limit ?? 100, pageToken: request.query.page_token, order: request.query.order }),
  );

  app.post(
    RESTORE_PATH,
    { preValidation: auth.requireUser, schema: { tags: ['shares'], body: RestoreBody, response: { 200: ShareRestoreResultSchema, ...errors } } },
    async (request) => {
      const body = request.body;
      return shares.restore(
        authOf(request).user.id,
        { shareId: body.share_id, passCodeToken: body.pass_code_token, ip: request.ip },
        { fileIds: body.file_ids, parentId: body.specify_parent_id === false ? undefined : body.parent_id },
        enqueueRestore,
      );
    },
  );

  // A visitor's download link counts no one's traffic: there may be no one signed in.
  const linksFor = (request: FastifyRequest) => (file: { id: string }) => links.linkFor(origin(request), file.id, '');

  app.get(
    SHARE_PATHS.fileInfo,
    { schema: { tags: ['shares'], querystring: ShareFileInfoQuery, response: { 200: Type.Object({ share_status: Status, share_status_text: Type.String(), file_info: Type.Optional(FileSchema) }), ...errors } } },
    async (request) => {
      const { status, files } = await shares.fileInfo(access(request, request.query), [request.query.file_id], linksFor(request));
      return { share_status: status, share_status_text: SHARE_STATUS_TEXT[status], ...(files[0] ? { file_info: files[0] } : {}) };
    },
  );

  app.post(
    SHARE_PATHS.batchFileInfo.replace(':', '::'),
    { schema: { tags: ['shares'], body: BatchShareFileInfoBody, response: { 200: Type.Object({ share_status: Status, files: Type.Array(FileSchema) }), ...errors } } },
    async (request) => {
      const { status, files } = await shares.fileInfo(access(request, request.body), request.body.file_ids, linksFor(request));
      return { share_status: status, files };
    },
  );
};
