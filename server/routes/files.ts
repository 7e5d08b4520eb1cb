// The files API under /drive/v1 (API.md Files): HTTP only; rules in services/files.ts.

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  AboutSchema,
  BatchIds,
  BatchMoveBody,
  CopiedFilesSchema,
  CreatedFileSchema,
  CreateFileBody,
  EventListSchema,
  FILES_PATHS,
  FileIdParams,
  FileListSchema,
  FileSchema,
  FolderPathSchema,
  ListEventsQuery,
  ListFilesQuery,
  RenameBody,
} from '#shared/api/files.ts';
import { ApiErrorSchema, EmptySchema } from '#shared/api/resources.ts';
import { StartedTaskSchema } from '#shared/api/tasks.ts';
import { fileCategoryOf } from '#shared/files/classify.ts';
import { type Authenticator, authOf } from '../auth/authenticate.ts';
import type { FileRow } from '../db/repositories/files.ts';
import { presentEvent } from '../presenters/events.ts';
import { presentFile } from '../presenters/files.ts';
import { presentCreatedOffline, presentOfflineQuotas } from '../presenters/offline.ts';
import { presentCreatedUpload } from '../presenters/uploads.ts';
import { type CopyRequest, type FilesService, ROOT } from '../services/files.ts';
import type { OfflineService } from '../services/offline.ts';
import type { UploadsService } from '../services/uploads.ts';
import type { DownloadLinks } from '../storage/download-links.ts';
import { fastifyPath } from './fastify-path.ts';

type Options = {
  files: FilesService;
  uploads: UploadsService;
  links: DownloadLinks;
  auth: Authenticator;
  origin: (request: FastifyRequest) => string;
  /** Queues a copy task for a big tree; answers its id. */
  copyAsTask: (userId: string, request: CopyRequest, items: number) => Promise<string>;
  /** Queues emptying the user's trash; answers the task's id. */
  emptyTrashAsTask: (userId: string) => Promise<string>;
  offline: OfflineService;
};

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };
export const filesRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { files, uploads, links, auth, origin, copyAsTask, emptyTrashAsTask, offline }) => {
  app.addHook('preValidation', auth.requireUser);
  const userOf = (request: Parameters<typeof authOf>[0]) => authOf(request).user.id;
  /** A thumbnail link when the content is a finished image, '' otherwise. */
  const thumbnailLink = (request: FastifyRequest, row: FileRow, size: 'SIZE_SMALL' | 'SIZE_LARGE') =>
    row.phase === 'PHASE_TYPE_COMPLETE' && fileCategoryOf({ name: row.name, mimeType: row.mime_type }) === 'IMAGE'
      ? links.thumbnailFor(origin(request), row.id, size)
      : '';

  app.get(FILES_PATHS.files, { schema: { tags: ['files'], querystring: ListFilesQuery, response: { 200: FileListSchema, ...errors } } }, async (request) => {
    const q = request.query;
    const { files: rows, nextPageToken } = await files.list(userOf(request), {
      parentId: q.parent_id ?? ROOT,
      filters: q.filters,
      order: q.order,
      limit: q.limit,
      pageToken: q.page_token,
      q: q.q,
      pinFoldersTop: q.pin_folders_top,
    });
    const size = q.thumbnail_size === 'SIZE_LARGE' ? 'SIZE_LARGE' : 'SIZE_SMALL';
    return {
      kind: 'drive#fileList' as const,
      files: rows.map((row) => presentFile(row, undefined, thumbnailLink(request, row, size))),
      next_page_token: nextPageToken,
    };
  });

  app.get(FILES_PATHS.file, { schema: { tags: ['files'], params: FileIdParams, response: { 200: FileSchema, ...errors } } }, async (request) => {
    const row = await files.get(userOf(request), request.params.id);
    // Only a finished file that is not in the trash gets a link to its bytes.
    const ready = row.kind === 'drive#file' && row.phase === 'PHASE_TYPE_COMPLETE' && row.trashed_at === null;
    const media = ready && row.hash ? await files.mediaOf(row.hash) : undefined;
    return presentFile(
      row,
      ready ? links.linkFor(origin(request), row.id, { userId: userOf(request), shareId: '' }) : undefined,
      thumbnailLink(request, row, 'SIZE_LARGE'),
      media,
    );
  });

  app.get(
    `${FILES_PATHS.file}/path`,
    { schema: { tags: ['files'], params: FileIdParams, response: { 200: FolderPathSchema, ...errors } } },
    async (request) => ({
      folders: (await files.path(userOf(request), request.params.id)).map((row) => presentFile(row)),
    }),
  );

  app.post(FILES_PATHS.files, { schema: { tags: ['files'], body: CreateFileBody, response: { 200: CreatedFileSchema, ...errors } } }, async (request) => {
    const body = request.body;
    if (body.kind === 'drive#folder') return { file: presentFile(await files.createFolder(userOf(request), body.parent_id ?? ROOT, body.name)) };
    if (body.upload_type === 'UPLOAD_TYPE_URL')
      return presentCreatedOffline(
        await offline.create(userOf(request), { source: body.url, parentId: body.parent_id, name: body.name, headers: body.headers }),
      );
    const created = await uploads.create(userOf(request), {
      name: body.name,
      parentId: body.parent_id ?? ROOT,
      size: Number(body.size),
      hash: body.hash,
      mimeType: body.mime_type,
    });
    return presentCreatedUpload(created, origin(request));
  });

  app.patch(
    FILES_PATHS.file,
    { schema: { tags: ['files'], params: FileIdParams, body: RenameBody, response: { 200: FileSchema, ...errors } } },
    async (request) => presentFile(await files.rename(userOf(request), request.params.id, request.body.name)),
  );

  app.delete(FILES_PATHS.file, { schema: { tags: ['files'], params: FileIdParams, response: { 200: EmptySchema, ...errors } } }, async (request) => {
    await files.trash(userOf(request), [request.params.id]);
    return {};
  });

  app.post(
    fastifyPath(FILES_PATHS.batchMove),
    { schema: { tags: ['files'], body: BatchMoveBody, response: { 200: EmptySchema, ...errors } } },
    async (request) => {
      await files.move(userOf(request), request.body.ids, request.body.to.parent_id);
      return {};
    },
  );

  app.post(
    fastifyPath(FILES_PATHS.batchCopy),
    {
      schema: {
        tags: ['files'],
        body: BatchMoveBody,
        // Big trees are copied by a task: `files` is then empty and `task_id` names the task to follow.
        response: { 200: CopiedFilesSchema, ...errors },
      },
    },
    async (request) => {
      const userId = userOf(request);
      const { ids, to } = request.body;
      const { copies, taskId } = await files.copy(userId, ids, to.parent_id, (items) => copyAsTask(userId, { ids, parentId: to.parent_id }, items));
      return { files: copies.map((row) => presentFile(row)), task_id: taskId };
    },
  );

  for (const [path, run] of [
    [FILES_PATHS.batchTrash, (userId: string, ids: string[]) => files.trash(userId, ids)],
    [FILES_PATHS.batchUntrash, (userId: string, ids: string[]) => files.untrash(userId, ids)],
    [FILES_PATHS.batchDelete, (userId: string, ids: string[]) => files.deleteForever(userId, ids)],
    [FILES_PATHS.star, (userId: string, ids: string[]) => files.star(userId, ids, true)],
    [FILES_PATHS.unstar, (userId: string, ids: string[]) => files.star(userId, ids, false)],
  ] as const) {
    app.post(fastifyPath(path), { schema: { tags: ['files'], body: BatchIds, response: { 200: EmptySchema, ...errors } } }, async (request) => {
      await run(userOf(request), request.body.ids);
      return {};
    });
  }

  app.patch(fastifyPath(FILES_PATHS.emptyTrash), { schema: { tags: ['files'], response: { 200: StartedTaskSchema, ...errors } } }, async (request) => ({
    task_id: await emptyTrashAsTask(userOf(request)),
  }));

  app.get(FILES_PATHS.events, { schema: { tags: ['files'], querystring: ListEventsQuery, response: { 200: EventListSchema, ...errors } } }, async (request) => {
    const { events, nextPageToken, reach } = await files.recent(userOf(request), request.query.limit ?? 100, request.query.page_token);
    return { events: events.map(presentEvent), next_page_token: nextPageToken, reach: { days: reach.days, max_events: reach.maxEvents } };
  });

  app.get(FILES_PATHS.about, { schema: { tags: ['files'], response: { 200: AboutSchema, ...errors } } }, async (request) => {
    const user = userOf(request);
    const [about, allowance] = await Promise.all([files.about(user), offline.allowance(user)]);
    return { ...about, quotas: { ...about.quotas, ...presentOfflineQuotas(allowance) } };
  });
};
