// Uploads over tus 1.0 at /drive/v1/uploads (creation, creation-with-upload, termination,
// expiration). Creation is ours, so every upload is a pending
// file with a checked name, folder and quota; the rest of the protocol is @tus/server's.

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ERRORS } from '@tus/utils';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FileIdParams, FileSchema, ProofBody, UPLOADS_PATH } from '#shared/api/files.ts';
import { ApiErrorSchema } from '#shared/api/resources.ts';
import { type Authenticator, authOf } from '../auth/authenticate.ts';
import { ServiceError } from '../errors.ts';
import { presentFile } from '../presenters/files.ts';
import type { ServerFaults } from '../server-faults.ts';
import { ROOT } from '../services/files.ts';
import type { UploadsService } from '../services/uploads.ts';
import type { UploadStore } from '../storage/upload-store.ts';

type Options = { uploads: UploadsService; store: UploadStore; auth: Authenticator; faults: ServerFaults };

const TUS_HEADERS = { 'Tus-Resumable': '1.0.0' };

export const uploadRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { uploads, store, auth, faults }) => {
  // @tus/server is loaded by the first request it answers: its web-request adapter loads all of
  // undici when imported, a tenth of a start that may never see an upload.
  let tus: Promise<import('@tus/server').Server> | undefined;
  const tusServer = () =>
    (tus ??= import('@tus/server').then(
      ({ Server }) =>
        new Server({
          path: UPLOADS_PATH,
          datastore: store,
          relativeLocation: true,
          // What @tus/server answers with 500 or more is reported with its cause (server-faults.ts).
          onResponseError(_request, failure) {
            const status = isTusError(failure) ? failure.status_code : 500;
            if (status >= 500) faults.reportFromLibrary(status, causeOf(failure));
            return undefined;
          },
          async onUploadFinish(_request, upload) {
            try {
              await uploads.finish(upload.id);
              return {};
            } catch (failure) {
              if (failure instanceof ServiceError) throw { status_code: failure.status, body: JSON.stringify(failure.toBody()) };
              throw failure;
            }
          },
        }),
    ));

  // tus bodies are streamed to disk by the store, never parsed or held in memory.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const handOverToTus = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    const server = await tusServer();
    return faults.handOver(request, reply, '@tus/server', () => server.handle(request.raw, reply.raw));
  };

  // Creation, for any tus client: Upload-Length and Upload-Metadata (name, parent_id, filetype).
  app.post(UPLOADS_PATH, { preValidation: auth.requireUser, schema: { hide: true } }, async (request, reply) => {
    const length = Number(request.headers['upload-length']);
    if (!request.headers['upload-length'] || !Number.isSafeInteger(length) || length < 0) {
      throw new ServiceError('invalid_request', 'Upload-Length is required: Nubo checks the quota before the first byte.', [
        { field: 'Upload-Length', reason: 'missing' },
      ]);
    }
    const metadata = parseUploadMetadata(request.headers['upload-metadata']);
    const created = await uploads.create(authOf(request).user.id, {
      name: metadata.name ?? metadata.filename ?? '',
      parentId: metadata.parent_id ?? ROOT,
      size: length,
      mimeType: metadata.filetype ?? metadata.mime_type,
    });
    const id = created.file.id;
    let offset = created.file.phase === 'PHASE_TYPE_COMPLETE' ? length : 0;
    // creation-with-upload: the first bytes may ride on the POST itself.
    if (offset < length && request.headers['content-type'] === 'application/offset+octet-stream' && Number(request.headers['content-length'] ?? 0) > 0) {
      offset = await store.write(request.raw, id, 0);
      if (offset === length) await uploads.finish(id);
    }
    return reply
      .status(201)
      .headers({
        ...TUS_HEADERS,
        Location: `${UPLOADS_PATH}/${id}`,
        'Upload-Offset': String(offset),
        'Upload-Expires': new Date(Date.now() + store.getExpiration()).toUTCString(),
      })
      .send();
  });

  app.options(UPLOADS_PATH, { schema: { hide: true } }, handOverToTus);

  // The user must own the pending file behind the upload; another person's id is unknown here.
  const ownUpload = async (request: FastifyRequest) => {
    await auth.requireUser(request);
    await uploads.pendingFile(authOf(request).user.id, (request.params as { id: string }).id);
  };
  app.head(`${UPLOADS_PATH}/:id`, { preHandler: ownUpload, schema: { hide: true } }, handOverToTus);

  // PATCH is answered here rather than by @tus/server, whose web-stream adapters cost a 1 GiB
  // upload ~90 MB of memory and a third of its speed: the request's own stream goes to the store.
  const writing = new Map<string, { cancel: () => void; done: Promise<unknown> }>();
  app.patch(`${UPLOADS_PATH}/:id`, { preHandler: ownUpload, schema: { hide: true } }, async (request, reply) => {
    const id = (request.params as { id: string }).id;
    reply.headers(TUS_HEADERS);
    try {
      if (request.headers['tus-resumable'] !== '1.0.0') return reply.status(412).header('Tus-Version', '1.0.0').send();
      if (request.headers['content-type'] !== 'application/offset+octet-stream')
        return reply.status(415).type('text/plain').send('Content-Type must be application/offset+octet-stream\n');
      const offset = Number(request.headers['upload-offset']);
      if (request.headers['upload-offset'] === undefined || !Number.isSafeInteger(offset) || offset < 0) throw ERRORS.MISSING_OFFSET;
      // A client that reconnects while its broken request still runs here takes the upload over.
      const earlier = writing.get(id);
      if (earlier) {
        earlier.cancel();
        await earlier.done.catch(() => {});
      }
      const upload = await store.getUploadAt(id, offset);
      const expires = new Date(upload.creation_date ?? Date.now()).getTime() + store.getExpiration();
      if (Date.now() > expires) throw ERRORS.FILE_NO_LONGER_EXISTS;
      if (upload.offset !== offset) throw ERRORS.INVALID_OFFSET;
      // A body said to pass the declared length is refused before a byte of it is written.
      const declared = Number(request.headers['content-length']);
      if (upload.size !== undefined && Number.isSafeInteger(declared) && offset + declared > upload.size) throw ERRORS.ERR_SIZE_EXCEEDED;
      const written = store.write(request.raw, id, offset);
      const entry = { cancel: () => request.raw.destroy(), done: written };
      writing.set(id, entry);
      let reached: number;
      try {
        reached = await written;
      } finally {
        if (writing.get(id) === entry) writing.delete(id);
      }
      if (reached === upload.size) await uploads.finish(id);
      else reply.header('Upload-Expires', new Date(expires).toUTCString());
      return reply.status(204).header('Upload-Offset', String(reached)).send();
    } catch (failure) {
      if (!isTusError(failure)) throw failure;
      if (failure.status_code >= 500) faults.report(request, failure.status_code, causeOf(failure));
      return reply.status(failure.status_code).type('text/plain').send(failure.body);
    }
  });
  // Termination: the pending file goes first, so no listing shows it once the answer arrives.
  app.delete(`${UPLOADS_PATH}/:id`, { preHandler: ownUpload, schema: { hide: true } }, async (request, reply) => {
    await uploads.cancelled((request.params as { id: string }).id);
    return handOverToTus(request, reply);
  });
  app.options(`${UPLOADS_PATH}/:id`, { schema: { hide: true } }, handOverToTus);

  app.post(
    `${UPLOADS_PATH}/:id/proof`,
    {
      preValidation: auth.requireUser,
      schema: {
        tags: ['files'],
        params: FileIdParams,
        body: ProofBody,
        response: { 200: FileSchema, 400: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request) => presentFile(await uploads.prove(authOf(request).user.id, request.params.id, request.body.range_hash)),
  );
};

const isTusError = (failure: unknown): failure is { status_code: number; body: string } =>
  typeof (failure as { status_code?: unknown })?.status_code === 'number' && typeof (failure as { body?: unknown }).body === 'string';

/** What made a store's tus error: the failure it wraps (upload-store.ts writeFailed), else the error itself. */
const causeOf = (failure: unknown): unknown => (failure as { cause?: unknown })?.cause ?? failure;

/** tus Upload-Metadata: comma-separated `key base64value` pairs. */
export function parseUploadMetadata(header: string | string[] | undefined): Record<string, string> {
  const metadata: Record<string, string> = {};
  const raw = Array.isArray(header) ? header.join(',') : header;
  for (const pair of raw?.split(',') ?? []) {
    const [key, value] = pair.trim().split(' ');
    if (!key) continue;
    metadata[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return metadata;
}
