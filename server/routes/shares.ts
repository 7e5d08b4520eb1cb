// The shares API under /drive/v1 (API.md Shares). Owners' calls need a signed-in user; visitors'
// calls need only the share id (and its passcode), and answer a share status with HTTP 200.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ApiErrorSchema, EmptySchema } from '#shared/api/resources.ts';
import {
  BatchDeleteSharesBody,
  BatchShareFileInfoBody,
  BatchShareFileInfoSchema,
  CreatedShareSchema,
  CreateShareBody,
  SHARE_PATHS,
  ShareDetailQuery,
  ShareFileInfoQuery,
  ShareFileInfoSchema,
  ShareFolderSchema,
  ShareListSchema,
  ShareViewSchema,
  ViewShareQuery,
} from '#shared/api/shares.ts';
import { type Authenticator, authOf, signedInOf } from '../auth/authenticate.ts';
import { presentCreatedShare, presentSharedFile, presentShareFolder, presentShareSummary, presentShareView, SHARE_STATUS_TEXT } from '../presenters/shares.ts';
import type { ShareVisit } from '../services/share-status.ts';
import type { SharesService } from '../services/shares.ts';
import type { DownloadLinks } from '../storage/download-links.ts';
import { fastifyPath } from './fastify-path.ts';

type Options = {
  shares: SharesService;
  links: DownloadLinks;
  auth: Authenticator;
  origin: (request: FastifyRequest) => string;
};

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 429: ApiErrorSchema };

/** Who opens a share, from the query or body of a visitor's call. */
function shareVisitOf(request: FastifyRequest, query: { share_id: string; pass_code?: string | undefined; pass_code_token?: string | undefined }): ShareVisit {
  return { shareId: query.share_id, passCode: query.pass_code, passCodeToken: query.pass_code_token, ip: request.ip };
}

export const shareRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { shares, links, auth, origin }) => {
  app.post(
    SHARE_PATHS.share,
    { preValidation: auth.requireUser, schema: { tags: ['shares'], body: CreateShareBody, response: { 200: CreatedShareSchema, ...errors } } },
    async (request) => {
      const body = request.body;
      const share = await shares.create(authOf(request).user.id, {
        fileIds: body.file_ids,
        ...(body.expiration_days !== undefined ? { expirationDays: body.expiration_days } : {}),
        passCodeRequired: body.pass_code_option === 'REQUIRED' || body.share_to === 'encryptedlink' || body.custom_pass_code !== undefined,
        ...(body.custom_pass_code ? { customPassCode: body.custom_pass_code } : {}),
        ...(body.title ? { title: body.title } : {}),
        ...(body.restore_limit !== undefined ? { restoreLimit: body.restore_limit } : {}),
      });
      return presentCreatedShare(share, origin(request));
    },
  );

  app.get(
    SHARE_PATHS.list,
    { preValidation: auth.requireUser, schema: { tags: ['shares'], response: { 200: ShareListSchema, ...errors } } },
    async (request) => {
      const owned = await shares.listMine(authOf(request).user.id);
      return { data: owned.map((share) => presentShareSummary(share, origin(request))), next_page_token: '' };
    },
  );

  app.post(
    fastifyPath(SHARE_PATHS.batchDelete),
    { preValidation: auth.requireUser, schema: { tags: ['shares'], body: BatchDeleteSharesBody, response: { 200: EmptySchema, ...errors } } },
    async (request) => {
      await shares.cancel(authOf(request).user.id, request.body.ids);
      return {};
    },
  );

  app.get(SHARE_PATHS.share, { schema: { tags: ['shares'], querystring: ViewShareQuery, response: { 200: ShareViewSchema, ...errors } } }, async (request) =>
    presentShareView(await shares.view(shareVisitOf(request, request.query), { limit: request.query.limit ?? 100, pageToken: request.query.page_token })),
  );

  app.get(
    SHARE_PATHS.detail,
    { schema: { tags: ['shares'], querystring: ShareDetailQuery, response: { 200: ShareFolderSchema, ...errors } } },
    async (request) => {
      const paging = { limit: request.query.limit ?? 100, pageToken: request.query.page_token, order: request.query.order };
      return presentShareFolder(await shares.folder(shareVisitOf(request, request.query), [request.query.parent_id], paging));
    },
  );

  // A visitor's download link names the share, which is checked again when the link is used, and
  // the visitor when signed in, whose traffic it counts (else the share's owner's).
  const linksFor = (request: FastifyRequest, shareId: string) => (file: { id: string }) =>
    links.linkFor(origin(request), file.id, { userId: signedInOf(request)?.user.id ?? '', shareId });

  app.get(
    SHARE_PATHS.fileInfo,
    { preValidation: auth.identifyUser, schema: { tags: ['shares'], querystring: ShareFileInfoQuery, response: { 200: ShareFileInfoSchema, ...errors } } },
    async (request) => {
      const { status, files } = await shares.fileInfo(shareVisitOf(request, request.query), [request.query.file_id]);
      const file = files[0];
      return {
        share_status: status,
        share_status_text: SHARE_STATUS_TEXT[status],
        ...(file ? { file_info: presentSharedFile(file, linksFor(request, request.query.share_id)) } : {}),
      };
    },
  );

  app.post(
    fastifyPath(SHARE_PATHS.batchFileInfo),
    { preValidation: auth.identifyUser, schema: { tags: ['shares'], body: BatchShareFileInfoBody, response: { 200: BatchShareFileInfoSchema, ...errors } } },
    async (request) => {
      const { status, files } = await shares.fileInfo(shareVisitOf(request, request.body), request.body.file_ids);
      return { share_status: status, files: files.map((file) => presentSharedFile(file, linksFor(request, request.body.share_id))) };
    },
  );
};
