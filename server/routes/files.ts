// The files API under /drive/v1 (API.md Files): HTTP only; rules in services/files.ts.
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BatchIds, BatchMoveBody, CreateFolderBody, FILES_PATHS, ListFilesQuery, RenameBody } from '#shared/api/files.ts';
import { AboutSchema, ApiErrorSchema, FileListSchema, FileSchema } from '#shared/api/resources.ts';
import { authOf, type authenticator } from '../auth/authenticate.ts';
import { presentFile, ROOT, type FilesService } from '../services/files.ts';

type Options = { files: FilesService; auth: ReturnType<typeof authenticator> };

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };
const Empty = Type.Object({});
const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
/** A literal ':' in a Fastify path is written '::'. */
const literal = (path: string) => path.replace(':batch', '::batch').replace(':star', '::star').replace(':unstar', '::unstar');

export const filesRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { files, auth }) => {
  app.addHook('preHandler', auth.requireUser);
  const userOf = (request: Parameters<typeof authOf>[0]) => authOf(request).user.id;

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
    return { kind: 'drive#fileList' as const, files: rows.map(presentFile), next_page_token: nextPageToken };
  });

  app.get(FILES_PATHS.file, { schema: { tags: ['files'], params: IdParams, response: { 200: FileSchema, ...errors } } }, async (request) =>
    presentFile(await files.get(userOf(request), request.params.id)),
  );

  app.get(
    `${FILES_PATHS.file}/path`,
    { schema: { tags: ['files'], params: IdParams, response: { 200: Type.Object({ folders: Type.Array(FileSchema) }), ...errors } } },
    async (request) => ({ folders: (await files.path(userOf(request), request.params.id)).map(presentFile) }),
  );

  app.post(FILES_PATHS.files, { schema: { tags: ['files'], body: CreateFolderBody, response: { 200: Type.Object({ file: FileSchema }), ...errors } } }, async (request) => ({
    file: presentFile(await files.createFolder(userOf(request), request.body.parent_id ?? ROOT, request.body.name)),
  }));

  app.patch(FILES_PATHS.file, { schema: { tags: ['files'], params: IdParams, body: RenameBody, response: { 200: FileSchema, ...errors } } }, async (request) =>
    presentFile(await files.rename(userOf(request), request.params.id, request.body.name)),
  );

  app.delete(FILES_PATHS.file, { schema: { tags: ['files'], params: IdParams, response: { 200: Empty, ...errors } } }, async (request) => {
    await files.trash(userOf(request), [request.params.id]);
    return {};
  });

  app.post(literal(FILES_PATHS.batchMove), { schema: { tags: ['files'], body: BatchMoveBody, response: { 200: Empty, ...errors } } }, async (request) => {
    await files.move(userOf(request), request.body.ids, request.body.to.parent_id);
    return {};
  });

  app.post(
    literal(FILES_PATHS.batchCopy),
    { schema: { tags: ['files'], body: BatchMoveBody, response: { 200: Type.Object({ files: Type.Array(FileSchema) }), ...errors } } },
    async (request) => ({ files: (await files.copy(userOf(request), request.body.ids, request.body.to.parent_id)).map(presentFile) }),
  );

  for (const [path, run] of [
    [FILES_PATHS.batchTrash, (userId: string, ids: string[]) => files.trash(userId, ids)],
    [FILES_PATHS.batchUntrash, (userId: string, ids: string[]) => files.untrash(userId, ids)],
    [FILES_PATHS.batchDelete, (userId: string, ids: string[]) => files.deleteForever(userId, ids).then(() => {})],
    [FILES_PATHS.star, (userId: string, ids: string[]) => files.star(userId, ids, true)],
    [FILES_PATHS.unstar, (userId: string, ids: string[]) => files.star(userId, ids, false)],
  ] as const) {
    app.post(literal(path), { schema: { tags: ['files'], body: BatchIds, response: { 200: Empty, ...errors } } }, async (request) => {
      await run(userOf(request), request.body.ids);
      return {};
    });
  }

  app.get(FILES_PATHS.about, { schema: { tags: ['files'], response: { 200: AboutSchema, ...errors } } }, async (request) => files.about(userOf(request)));
};
