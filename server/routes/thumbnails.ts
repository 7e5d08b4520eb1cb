// Thumbnails of images at their signed links (API.md File: thumbnail_link).

import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LinkedFileParams, ThumbnailQuery } from '#shared/api/downloads.ts';
import type { ThumbnailsService } from '../services/thumbnails.ts';
import { THUMBNAIL_PATH } from '../storage/download-links.ts';

type Options = { thumbnails: ThumbnailsService; derivedDir: string };

export const thumbnailRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { thumbnails, derivedDir }) => {
  // reply.sendFile for thumbnails (blobs go through sendBlob): Range, ETag and Last-Modified handled by @fastify/send.
  await app.register(fastifyStatic, { root: derivedDir, serve: false });

  app.get(`${THUMBNAIL_PATH}/:id`, { schema: { tags: ['files'], params: LinkedFileParams, querystring: ThumbnailQuery } }, async (request, reply) => {
    const { e, s, size } = request.query;
    const thumbnail = await thumbnails.thumbnail({ id: request.params.id, expires: e, signature: s }, size ?? 'SIZE_SMALL');
    reply.header('Cache-Control', 'private, max-age=86400').type('image/webp');
    return reply.sendFile(thumbnail, { cacheControl: false, contentType: false });
  });
};
