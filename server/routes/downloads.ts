// Downloads at their signed links (API.md File: web_content_link), with Range, conditional
// requests and HEAD; from an object store, a redirect to a short-lived presigned address. Behind a
// proxy that serves blob bytes itself (ACCEL_REDIRECT), Nubo decides everything as it does when it
// sends them, then hands the sending to the proxy.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DownloadQuery, LinkedFileParams } from '#shared/api/downloads.ts';
import type { DownloadsService } from '../services/downloads.ts';
import type { MetricsService } from '../services/metrics.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { contentDisposition, DOWNLOAD_PATH, DOWNLOAD_SAFETY_HEADERS, inlineContentType } from '../storage/download-links.ts';
import { blobEtag, matchesAny, rangeToSend, requestedBytes, sendBlob } from '../storage/send-blob.ts';

type Options = {
  downloads: DownloadsService;
  blobs: BlobStore;
  metrics: MetricsService | undefined;
  /** The proxy's internal location that sends blob bytes (ACCEL_REDIRECT); Nubo sends them itself when unset. */
  accelRedirect?: string | undefined;
};

/** Long enough for a player to start; each new request to the signed link makes a new one. */
const PRESIGNED_DOWNLOAD_SECONDS = 15 * 60;

/** What a download is answered as: its name, how it is shown, and its type. */
type Presentation = { disposition: string; contentType: string };

export const downloadRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { downloads, blobs, metrics, accelRedirect }) => {
  app.get(`${DOWNLOAD_PATH}/:id`, { schema: { tags: ['files'], params: LinkedFileParams, querystring: DownloadQuery } }, async (request, reply) => {
    const { u: userId, sh: shareId = '', e, s, inline } = request.query;
    const { file, payer } = await downloads.download({ id: request.params.id, expires: e, signature: s, userId, shareId }, request.log);
    metrics?.downloadStarted();
    const shownType = inline ? inlineContentType(file.mime_type) : undefined;
    const disposition = contentDisposition(file.name, shownType ? 'inline' : 'attachment');
    // An attachment is bytes to save, whatever type its uploader claimed: served from Nubo's own
    // origin as text/javascript, say, a page's `script-src 'self'` would run it.
    const contentType = shownType ?? 'application/octet-stream';
    if (accelRedirect) return handOver(request, reply, { id: request.params.id, file, payer }, { disposition, contentType }, accelRedirect);
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

  /**
   * Answers with X-Accel-Redirect to the proxy's internal location, whose bytes the proxy sends
   * with the headers set here. The blob's SHA-256 stays its ETag, and Nubo alone judges the
   * request's conditions: an unchanged copy (304) and a range past the end (416) are answered here;
   * an If-Range naming another copy gets the whole blob. The proxy is set to agree (deploy/
   * nginx.conf.template: it makes no ETag of its own, ignores If-Modified-Since, sends one range at
   * most) and, from an object store, is told the range to fetch. So the traffic counted here, the
   * bytes the proxy is told to send, is what the download takes, unless it is cut short.
   */
  async function handOver(
    request: FastifyRequest,
    reply: FastifyReply,
    { id, file, payer }: { id: string } & Awaited<ReturnType<DownloadsService['download']>>,
    { disposition, contentType }: Presentation,
    location: string,
  ) {
    const etag = blobEtag(file.hash);
    reply.headers(DOWNLOAD_SAFETY_HEADERS);
    // Accept-Ranges is the proxy's to say, along with the bytes (nginx would keep Nubo's beside its own).
    reply.header('Content-Disposition', disposition).header('Cache-Control', 'private, max-age=3600').header('ETag', etag);
    reply.type(contentType);
    if (matchesAny(request.headers['if-none-match'], etag)) return reply.status(304).send();
    const range = rangeToSend(request.headers, etag, file.size);
    if (range === 'unsatisfiable') return reply.status(416).header('Content-Range', `bytes */${file.size}`).send();

    let target: string;
    if (blobs.localName) {
      // The proxy would answer a missing file with a bare 404: the visitor is told, and the operator logged, here.
      if (!(await blobs.has(file.hash))) throw downloads.blobMissing(id, file.hash, request.log);
      target = blobs.localName(file.hash);
    } else {
      // The proxy fetches the presigned GET itself, at the store's address the browser never sees.
      const url = new URL(await blobs.deliveryUrl!(file.hash, { contentDisposition: disposition, contentType, expiresInSeconds: PRESIGNED_DOWNLOAD_SECONDS }));
      target = url.pathname.slice(1) + url.search;
      if (range !== 'whole') reply.header('X-Blob-Range', `bytes=${range.start}-${range.end}`);
    }
    const sending = request.method === 'HEAD' ? 0 : range === 'whole' ? file.size : range.end - range.start + 1;
    metrics?.downloadSent(sending);
    if (payer && sending > 0) void downloads.countTraffic(payer, sending).catch((e: unknown) => request.log.error(e));
    return reply.header('X-Accel-Redirect', location + target).send();
  }
};
