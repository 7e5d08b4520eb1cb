// Playing a file (shared/api/playback.ts): how it plays in the asking browser, and its streams'
// playlists and segments under a signed token, which players (hls.js, Safari's own HLS) fetch
// without credentials. HTTP only; the rules are in services/playback.ts.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { PLAYBACK_PATHS, PlaybackAnswer, PlaybackBody, SharedPlaybackBody } from '#shared/api/playback.ts';
import { ApiErrorSchema } from '#shared/api/resources.ts';
import { type Authenticator, authOf, signedInOf } from '../auth/authenticate.ts';
import { ServiceError } from '../errors.ts';
import { presentPlayback } from '../presenters/playback.ts';
import type { PlaybackService } from '../services/playback.ts';
import type { SubtitlesService } from '../services/subtitles.ts';
import { DOWNLOAD_SAFETY_HEADERS, readStreamToken } from '../storage/download-links.ts';

type Options = { playback: PlaybackService; auth: Authenticator; origin: (request: FastifyRequest) => string; subtitles?: SubtitlesService | undefined };

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 422: ApiErrorSchema, 503: ApiErrorSchema };
const FileParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
const SubtitleParams = Type.Object({ id: Type.String({ maxLength: 64 }), token: Type.String({ maxLength: 200 }), name: Type.String({ maxLength: 80 }) });
const StreamParams = Type.Object({
  id: Type.String({ maxLength: 64 }),
  token: Type.String({ maxLength: 200 }),
  stream: Type.String({ maxLength: 32 }),
  part: Type.String({ maxLength: 32 }),
});

const TrickplayParams = Type.Object({ id: Type.String({ maxLength: 64 }), token: Type.String({ maxLength: 200 }), part: Type.String({ maxLength: 32 }) });

export const playbackRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { playback, auth, origin, subtitles }) => {
  app.post(
    PLAYBACK_PATHS.plan.replace('{id}', ':id'),
    { schema: { tags: ['files'], params: FileParams, body: PlaybackBody, response: { 200: PlaybackAnswer, ...errors } }, preValidation: auth.requireUser },
    async (request) => {
      const { capabilities, audio_track, quality } = request.body;
      return presentPlayback(await playback.choose(authOf(request).user.id, request.params.id, capabilities, audio_track, origin(request), quality));
    },
  );

  // A share's visitor, signed in or not: the share is checked as for its downloads.
  app.post(
    PLAYBACK_PATHS.shared,
    { schema: { tags: ['shares'], body: SharedPlaybackBody, response: { 200: PlaybackAnswer, ...errors } }, preValidation: auth.identifyUser },
    async (request) => {
      const { capabilities, audio_track, quality, share_id, file_id, pass_code_token } = request.body;
      const visit = { shareId: share_id, passCodeToken: pass_code_token, ip: request.ip };
      const viewer = signedInOf(request)?.user.id ?? '';
      return presentPlayback(await playback.chooseShared(visit, viewer, file_id, capabilities, audio_track, origin(request), quality));
    },
  );

  // The seek bar's preview pictures, under the same signed token as the file's streams.
  app.get(`${PLAYBACK_PATHS.streams}/:id/:token/trickplay/:part`, { schema: { tags: ['files'], params: TrickplayParams } }, async (request, reply) => {
    const { id, token, part } = request.params;
    const link = readStreamToken(token);
    if (!link) throw new ServiceError('permission_denied', 'This link has expired or is not valid. Open the file again to get a new one.');
    const found = await playback.trickplayPart({ id, expires: link.expires, signature: link.signature, ...link.grant }, part, request.log);
    reply.headers(DOWNLOAD_SAFETY_HEADERS);
    // Made once per content, never changed: each viewer's link keeps them a while.
    reply.header('Cache-Control', 'private, max-age=3600');
    if ('vtt' in found) return reply.type('text/vtt; charset=utf-8').send(found.vtt);
    const { size } = await stat(found.file);
    if (found.payer) await playback.countTraffic(found.payer, size).catch((failure: unknown) => request.log.error(failure));
    return reply.type('image/jpeg').header('Content-Length', size).send(createReadStream(found.file));
  });

  app.get(`${PLAYBACK_PATHS.streams}/:id/:token/:stream/:part`, { schema: { tags: ['files'], params: StreamParams } }, async (request, reply) => {
    const { id, token, stream, part } = request.params;
    const link = readStreamToken(token);
    if (!link) throw new ServiceError('permission_denied', 'This link has expired or is not valid. Open the file again to get a new one.');
    const found = await playback.part({ id, expires: link.expires, signature: link.signature, ...link.grant }, stream, part, request.log);
    reply.headers(DOWNLOAD_SAFETY_HEADERS);
    // Each viewer's link is their own; the segments behind it do not change.
    reply.header('Cache-Control', 'private, max-age=3600');
    if ('playlist' in found) {
      // A playlist that still grows is asked for again; one known whole is not.
      if (!found.playlist.includes('#EXT-X-ENDLIST')) reply.header('Cache-Control', 'no-store');
      return reply.type('application/vnd.apple.mpegurl').send(found.playlist);
    }
    const { size } = await stat(found.file);
    if (found.payer) await playback.countTraffic(found.payer, size).catch((failure: unknown) => request.log.error(failure));
    return reply.type('video/mp4').header('Content-Length', size).send(createReadStream(found.file));
  });

  // A film's subtitles under its stream token: WebVTT, ASS or PGS pictures, counted as its segments are.
  app.get(`${PLAYBACK_PATHS.streams}/:id/:token/subtitles/:name`, { schema: { tags: ['files'], params: SubtitleParams } }, async (request, reply) => {
    const { id, token, name } = request.params;
    const link = readStreamToken(token);
    if (!link) throw new ServiceError('permission_denied', 'This link has expired or is not valid. Open the file again to get a new one.');
    if (!subtitles) throw new ServiceError('not_found', 'There is no such subtitle.');
    const found = await subtitles.subtitle({ id, expires: link.expires, signature: link.signature, ...link.grant }, name);
    const { size } = await stat(found.file);
    if (found.payer) await playback.countTraffic(found.payer, size).catch((failure: unknown) => request.log.error(failure));
    reply.headers(DOWNLOAD_SAFETY_HEADERS);
    // Players and JASSUB's worker fetch it from the page; what is kept under a content does not change.
    reply.header('Cache-Control', 'private, max-age=3600');
    return reply.type(found.type).header('Content-Length', size).send(createReadStream(found.file));
  });
};
