// Downloads at their signed links (API.md File: web_content_link), with Range, conditional
// requests and HEAD; from an object store, a redirect to a short-lived presigned address.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DownloadQuery, LinkedFileParams } from '#shared/api/downloads.ts';
import type { DownloadsService } from '../services/downloads.ts';
import type { MetricsService } from '../services/metrics.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { contentDisposition, DOWNLOAD_PATH, DOWNLOAD_SAFETY_HEADERS, inlineContentType } from '../storage/download-links.ts';
import { requestedBytes, sendBlob } from '../storage/send-blob.ts';

type Options = { downloads: DownloadsService; blobs: BlobStore; metrics: MetricsService | undefined };

/** Long enough for a player to start; each new request to the signed link makes a new one. */
const PRESIGNED_DOWNLOAD_SECONDS = 15 * 60;

export const downloadRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { downloads, blobs, metrics }) => {
  app.get(`${DOWNLOAD_PATH}/:id`, { schema: { tags: ['files'], params: LinkedFileParams, querystring: DownloadQuery } }, async (request, reply) => {
    const { u: userId, sh: shareId = '', e, s, inline } = request.query;
    const { file, payer } = await downloads.download({ id: request.params.id, expires: e, signature: s, userId, shareId }, request.log);
    metrics?.downloadStarted();
    const shownType = inline ? inlineContentType(file.mime_type) : undefined;
    const disposition = contentDisposition(file.name, shownType ? 'inline' : 'attachment');
    // An attachment is bytes to save, whatever type its uploader claimed: served from Nubo's own
    // origin as text/javascript, say, a page's `script-src 'self'` would run it.
    const contentType = shownType ?? 'application/octet-stream';
    if (!blobs.localPath && blobs.deliveryUrl) {
      // The object store serves the bytes (Range included) through a short-lived presigned address.
      // Traffic counts what the request asks for, since the bytes no longer pass through here.
      const asked = requestedBytes(request.headers.range, file.size);
      metrics?.downloadSent(asked);
      if (payer) void downloads.countTraffic(payer, asked).catch((e: unknown) => request.log.error(e));
      const url = await blobs.deliveryUrl(file.hash, { contentDisposition: disposition, contentType, expiresInSeconds: PRESIGNED_DOWNLOAD_SECONDS });
      return reply.header('Cache-Control', 'no-store').redirect(url, 302);
    }
    reply.headers(DOWNLOAD_SAFETY_HEADERS);
    reply.header('Content-Disposition', disposition);
    reply.header('Cache-Control', 'private, max-age=3600');
    reply.type(contentType);
    const sent = await sendBlob(request, reply, { path: blobs.localPath!(file.hash), size: file.size, hash: file.hash }).catch(
      (failure: NodeJS.ErrnoException) => {
        throw failure.code === 'ENOENT' ? downloads.blobMissing(request.params.id, file.hash, request.log) : failure;
      },
    );
    metrics?.downloadSent(sent);
    // Traffic counts what was actually sent (a transfer cut short too), for the person the link was given to.
    if (payer && sent > 0) await downloads.countTraffic(payer, sent).catch((e: unknown) => request.log.error(e));
  });
};
