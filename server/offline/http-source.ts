// The HTTP(S) engine of offline downloads: reads what a web address holds (HEAD, or a one-byte
// ranged GET when HEAD is refused) and fetches it into a file, hashing as the bytes arrive, and
// resuming with Range from the bytes already on disk when the server allows it. Every hop, the
// first and each redirect, goes through the network guard; a server that stops sending for the
// stall time is dropped, and the attempt is tried again later from where it stopped.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import type { FileHandle } from 'node:fs/promises';
import fs from 'node:fs/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse as parseContentDisposition } from 'content-disposition';
import type { LinkHeaders } from '#shared/api/offline.ts';
import { usableName } from '#shared/files/names.ts';
import { ServiceError } from '../errors.ts';
import { hashFileInto } from '../storage/hash-file.ts';
import { PassingFailure } from '../tasks/worker.ts';
import type { NetworkGuard } from './network-guard.ts';

const MAX_REDIRECTS = 10;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const USER_AGENT = 'Nubo offline download';
/** Bytes the file may have waiting to be written: with the default 16 KB every network chunk waits for the disk. */
const WRITE_BUFFER_BYTES = 4 * 1024 * 1024;
/**
 * Written bytes are flushed to the disk every so often while the download goes on: the blob store
 * syncs the file before the drive names it, and a whole gigabyte left to write at the end was a
 * third of a second (and more on a slower disk) between the last byte and the file in the drive.
 */
const FLUSH_EVERY_BYTES = 64 * 1024 * 1024;

/** What a web address holds, as its server describes it. */
export type HttpResource = { url: string; name: string; size: number | undefined; mimeType: string; acceptsRanges: boolean; validator: string | undefined };

/** What a previous attempt learned, so the next one can ask for the rest only. */
export type HttpResume = { validator?: string | undefined; acceptsRanges?: boolean | undefined };

export type HttpDownload = { name: string; size: number; hash: string; mimeType: string };

export type HttpSourceOptions = { guard: NetworkGuard; stallMs: number };

export function httpSource({ guard, stallMs }: HttpSourceOptions) {
  /** Connections dropped for sending nothing: their stream's failure is told as the stall it was. */
  const stalled = new WeakSet<object>();
  const stall = () => new PassingFailure('url_unreachable', `The server sent nothing for ${Math.round(stallMs / 1000)} s.`);

  /**
   * One request, redirects followed (each hop checked); answers the final response and address.
   * `ownHeaders` (a visitor's cookies and referrer) go only to the link's own origin: a redirect
   * to another host, or to plain http, never sees them.
   */
  async function open(address: string, method: 'GET' | 'HEAD', headers: Record<string, string>, signal: AbortSignal, ownHeaders: LinkHeaders = {}) {
    let url = parseHttpUrl(address);
    const origin = url.origin;
    let verb = method;
    for (let hop = 0; ; hop++) {
      await guard.check(url).catch((failure: unknown) => {
        throw connectionFailure(failure, url);
      });
      const response = await send(url, verb, url.origin === origin ? { ...headers, ...requestHeadersOf(ownHeaders) } : headers, signal);
      const location = response.headers.location;
      if (!REDIRECTS.has(response.statusCode ?? 0) || !location) return { response, url };
      response.resume();
      if (hop >= MAX_REDIRECTS) throw new ServiceError('url_unreachable', `More than ${MAX_REDIRECTS} redirects.`);
      url = parseHttpUrl(new URL(location, url).href);
      if (response.statusCode === 303) verb = verb === 'HEAD' ? 'HEAD' : 'GET';
    }
  }

  function send(url: URL, method: string, headers: Record<string, string>, signal: AbortSignal): Promise<IncomingMessage> {
    return new Promise((resolve, reject) => {
      const request = (url.protocol === 'https:' ? https : http).request(url, {
        method,
        headers: { 'user-agent': USER_AGENT, 'accept-encoding': 'identity', ...headers },
        lookup: guard.lookup,
        signal,
        timeout: stallMs,
      });
      request.on('timeout', () => {
        if (request.socket) stalled.add(request.socket);
        request.destroy(stall());
      });
      request.on('response', resolve);
      request.on('error', (failure) => reject(connectionFailure(failure, url)));
      request.end();
    });
  }

  function resourceOf(response: IncomingMessage, url: URL): HttpResource {
    const status = response.statusCode ?? 0;
    const headers = response.headers;
    const total = status === 206 ? totalOfRange(headers['content-range']) : lengthOf(headers['content-length']);
    return {
      url: url.href,
      name: nameOf(headers['content-disposition'], url),
      size: total,
      mimeType: (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase(),
      acceptsRanges: status === 206 || headers['accept-ranges'] === 'bytes',
      validator: strongValidator(headers.etag) ?? headers['last-modified'],
    };
  }

  return {
    /** Refuses an address the server must not fetch (url_unsupported, url_not_allowed), before anything is sent. */
    async check(address: string): Promise<void> {
      const url = parseHttpUrl(address);
      try {
        await guard.check(url);
      } catch (failure) {
        const named = connectionFailure(failure, url);
        // A name that does not resolve now may later (a resolver's passing failure): the download
        // tries again, checked as it connects; a name that does not exist is the link's mistake.
        if (!(named instanceof PassingFailure)) throw named;
      }
    },

    /** What the address holds, without fetching its content. */
    async inspect(address: string, signal: AbortSignal): Promise<HttpResource> {
      const head = await open(address, 'HEAD', {}, signal);
      head.response.resume();
      if (isOk(head.response.statusCode)) return resourceOf(head.response, head.url);
      // Some servers refuse HEAD (405, 403, 501): ask for the first byte instead.
      const first = await open(address, 'GET', { range: 'bytes=0-0' }, signal);
      first.response.destroy();
      assertOk(first.response.statusCode);
      return resourceOf(first.response, first.url);
    },

    /**
     * Fetches the address into `file`, continuing after the bytes already there when the server
     * allows it; `learned` keeps what the next attempt needs; `progress` hears of every chunk and
     * may refuse to go on by throwing (a quota).
     */
    async download(
      address: string,
      file: string,
      options: {
        resume: HttpResume;
        /** The visitor's Cookie and Referer for the link's own origin, if they gave them. */
        headers?: LinkHeaders | undefined;
        signal: AbortSignal;
        learned(resume: HttpResume & { name: string; size: number | undefined }): Promise<void>;
        progress(bytesDone: number, size: number | undefined): void;
      },
    ): Promise<HttpDownload> {
      const have = await fs.stat(file).then(
        (stat) => stat.size,
        () => 0,
      );
      const resuming = have > 0 && options.resume.acceptsRanges === true;
      const headers: Record<string, string> = resuming
        ? { range: `bytes=${have}-`, ...(options.resume.validator ? { 'if-range': options.resume.validator } : {}) }
        : {};
      const { response, url } = await open(address, 'GET', headers, options.signal, options.headers);
      try {
        assertOk(response.statusCode);
        const resource = resourceOf(response, url);
        // 206 from where we stopped: append; anything else is the whole content again.
        const continued = resuming && response.statusCode === 206 && startOfRange(response.headers['content-range']) === have;
        const offset = continued ? have : 0;
        const hash = createHash('sha256');
        if (continued) await hashFileInto(hash, file);
        await options.learned({ validator: resource.validator, acceptsRanges: resource.acceptsRanges, name: resource.name, size: resource.size });
        let done = offset;
        options.progress(done, resource.size);
        const handle = await fs.open(file, continued ? 'a' : 'w');
        const flushing = flushingOf(handle);
        const counting = new Transform({
          transform(chunk: Buffer, _encoding, next) {
            done += chunk.length;
            hash.update(chunk);
            try {
              options.progress(done, resource.size);
            } catch (refusal) {
              next(refusal as Error);
              return;
            }
            flushing.wrote(done);
            next(null, chunk);
          },
        });
        // The stream closes the file when it ends; a flush still running holds the close until it is done.
        const sink = handle.createWriteStream({ highWaterMark: WRITE_BUFFER_BYTES });
        await pipeline(response, counting, sink, { signal: options.signal }).catch(async (failure: unknown) => {
          // The file is closed, its last write done, before anyone may write to it again (a resumed attempt).
          if (!sink.closed) await once(sink, 'close');
          if (stalled.has(response.socket)) throw stall();
          throw failure instanceof ServiceError || failure instanceof PassingFailure ? failure : connectionFailure(failure, url);
        });
        await flushing.settled();
        if (resource.size !== undefined && done !== resource.size)
          throw new PassingFailure('url_unreachable', `The server sent ${done} of the ${resource.size} bytes it announced.`);
        return { name: resource.name, size: done, hash: hash.digest('hex'), mimeType: resource.mimeType };
      } finally {
        response.destroy();
      }
    },
  };
}

export type HttpSource = ReturnType<typeof httpSource>;

/** An http(s) address, or url_unsupported. */
export function parseHttpUrl(address: string): URL {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new ServiceError('url_unsupported', 'This is not a web address.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ServiceError('url_unsupported', 'Only http and https addresses can be fetched.');
  // Credentials in a link would be sent to its server and kept in the task: not accepted.
  if (url.username || url.password) throw new ServiceError('url_unsupported', 'Links with a user name or password in them are not fetched.');
  return url;
}

/** A link's own headers as the request sends them. */
function requestHeadersOf(headers: LinkHeaders): Record<string, string> {
  return { ...(headers.cookie ? { cookie: headers.cookie } : {}), ...(headers.referer ? { referer: headers.referer } : {}) };
}

const isOk = (status: number | undefined) => status !== undefined && status >= 200 && status < 300;

function assertOk(status: number | undefined) {
  if (isOk(status)) return;
  // A server error may pass; a refusal (404, 403, 410, …) comes back the same.
  if (status === undefined || status >= 500 || status === 408 || status === 429) throw new PassingFailure('url_unreachable', `The server answered ${status}.`);
  throw new ServiceError('url_unreachable', `The server answered ${status}.`);
}

function connectionFailure(failure: unknown, url: URL): Error {
  if (failure instanceof ServiceError || failure instanceof PassingFailure) return failure;
  const code = (failure as NodeJS.ErrnoException).code;
  if (code === 'ENOTFOUND') return new ServiceError('url_unreachable', `"${url.hostname}" does not exist.`);
  if (code === 'ABORT_ERR') return failure as Error;
  if (code?.startsWith('ERR_TLS') || code?.includes('CERT'))
    return new ServiceError('url_unreachable', `The secure connection to "${url.hostname}" failed (${code}).`);
  return new PassingFailure('url_unreachable', `The connection to "${url.hostname}" failed (${code ?? (failure as Error).message}).`);
}

function lengthOf(header: string | undefined): number | undefined {
  return header !== undefined && /^\d+$/.test(header) ? Number(header) : undefined;
}

function totalOfRange(header: string | undefined): number | undefined {
  const total = /\/(\d+)$/.exec(header ?? '')?.[1];
  return total === undefined ? undefined : Number(total);
}

function startOfRange(header: string | undefined): number | undefined {
  const start = /^bytes (\d+)-/.exec(header ?? '')?.[1];
  return start === undefined ? undefined : Number(start);
}

/** An ETag that may be used in If-Range: a strong one (a weak one may not). */
function strongValidator(etag: string | undefined): string | undefined {
  return etag && !etag.startsWith('W/') ? etag : undefined;
}

/** The name the server gives (Content-Disposition), else the last part of the path, else the host. */
function nameOf(disposition: string | undefined, url: URL): string {
  if (disposition) {
    try {
      const filename = parseContentDisposition(disposition).parameters.filename;
      if (filename) return usableName(filename, url.hostname);
    } catch {
      // A malformed header names nothing: the path does.
    }
  }
  const last = url.pathname.split('/').findLast(Boolean);
  let decoded = last;
  try {
    decoded = last && decodeURIComponent(last);
  } catch {
    // Not valid percent-encoding: the segment as it is.
  }
  return usableName(decoded ?? '', url.hostname);
}

/** Flushes a file being written to the disk in the background, one flush at a time. */
function flushingOf(handle: FileHandle) {
  let flushedAt = 0;
  let running: Promise<void> | undefined;
  return {
    /** The bytes handed to the file so far; starts a flush when enough are new. */
    wrote(bytes: number) {
      if (running || bytes - flushedAt < FLUSH_EVERY_BYTES) return;
      flushedAt = bytes;
      // A flush that fails is no loss here: the blob store's own sync at the end says what counts.
      running = handle
        .datasync()
        .catch(() => {})
        .finally(() => {
          running = undefined;
        });
    },
    settled: async () => {
      await running;
    },
  };
}
