// Watching over HTTP (shared/api/watching.ts): where a file starts and where the person is now, what
// the drive shows of a page of files, and Continue watching. HTTP only; the rules are in
// services/watching.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ApiErrorSchema } from '#shared/api/resources.ts';
import {
  ContinueWatchingAnswer,
  ContinueWatchingQuery,
  WATCHING_PATHS,
  WatchingAnswer,
  WatchingBody,
  WatchingLookupAnswer,
  WatchingLookupBody,
} from '#shared/api/watching.ts';
import { type Authenticator, authOf } from '../auth/authenticate.ts';
import { presentContinueWatching, presentWatching, presentWatchingItem } from '../presenters/watching.ts';
import type { WatchingService } from '../services/watching.ts';
import type { DownloadLinks } from '../storage/download-links.ts';
import { fastifyPath } from './fastify-path.ts';

type Options = { watching: WatchingService; links: DownloadLinks; auth: Authenticator; origin: (request: FastifyRequest) => string };

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };
const FileParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
const CONTINUE_LIMIT_DEFAULT = 20;

export const watchingRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { watching, links, auth, origin }) => {
  app.addHook('preValidation', auth.requireUser);
  const userOf = (request: FastifyRequest) => authOf(request).user.id;
  const posterLink = (request: FastifyRequest) => (fileId: string) => links.thumbnailFor(origin(request), fileId, 'SIZE_SMALL');
  const filePath = WATCHING_PATHS.file.replace('{id}', ':id');

  app.get(filePath, { schema: { tags: ['files'], params: FileParams, response: { 200: WatchingAnswer, ...errors } } }, async (request) =>
    presentWatching(await watching.state(userOf(request), request.params.id)),
  );

  app.put(filePath, { schema: { tags: ['files'], params: FileParams, body: WatchingBody, response: { 200: WatchingAnswer, ...errors } } }, async (request) =>
    presentWatching(await watching.save(userOf(request), request.params.id, request.body)),
  );

  app.post(
    fastifyPath(WATCHING_PATHS.lookup),
    { schema: { tags: ['files'], body: WatchingLookupBody, response: { 200: WatchingLookupAnswer, ...errors } } },
    async (request) => {
      const facts = await watching.lookup(userOf(request), request.body.ids);
      return { files: facts.map((row) => presentWatchingItem(row, posterLink(request))) };
    },
  );

  app.get(
    WATCHING_PATHS.continue,
    { schema: { tags: ['files'], querystring: ContinueWatchingQuery, response: { 200: ContinueWatchingAnswer, ...errors } } },
    async (request) =>
      presentContinueWatching(await watching.continueWatching(userOf(request), request.query.limit ?? CONTINUE_LIMIT_DEFAULT), posterLink(request)),
  );
};
