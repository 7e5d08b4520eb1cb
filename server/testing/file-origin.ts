// A web server on loopback that offline downloads fetch from in tests and the bench: files served
// with or without Range, redirects, Content-Disposition names, a wrong Content-Length, a stream
// that stalls or breaks, and a record of every request it got.
import { createHash, randomBytes } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type OriginFile = {
  body: Buffer;
  /** Answers Range requests with 206 (and says Accept-Ranges). */
  ranges?: boolean;
  /** Content-Disposition to send. */
  disposition?: string;
  contentType?: string;
  /** Refuses HEAD with 405, as some servers do. */
  refuseHead?: boolean;
  /** Sends no Content-Length (chunked), so the size is known only at the end. */
  chunked?: boolean;
  /** Announces this many bytes instead of the real length. */
  announcedLength?: number;
  /** Sends this many bytes, then stops sending while keeping the connection open. */
  stallAfter?: number;
  /** Sends this many bytes, then drops the connection, on the first GET only. */
  breakFirstAfter?: number;
  /** Sends the body in slices of this many bytes, one every `dripMs`. */
  dripBytes?: number;
  dripMs?: number;
};

export type OriginRequest = { method: string; path: string; headers: IncomingHttpHeaders };

export type FileOrigin = Awaited<ReturnType<typeof startFileOrigin>>;

export async function startFileOrigin(host = '127.0.0.1') {
  const files = new Map<string, OriginFile>();
  const redirects = new Map<string, { to: string; keepQuery: boolean }>();
  const requests: OriginRequest[] = [];
  const broken = new Set<string>();
  let sending = 0;
  let mostAtOnce = 0;

  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    requests.push({ method: request.method ?? 'GET', path, headers: request.headers });
    sending += 1;
    mostAtOnce = Math.max(mostAtOnce, sending);
    response.on('close', () => (sending -= 1));
    const redirect = redirects.get(path);
    if (redirect) {
      const query = redirect.keepQuery ? (request.url ?? '').slice(path.length) : '';
      response.writeHead(302, { location: redirect.to + query }).end();
      return;
    }
    const file = files.get(path);
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    if (request.method === 'HEAD' && file.refuseHead) {
      response.writeHead(405).end();
      return;
    }
    const etag = `"${createHash('sha256').update(file.body).digest('hex').slice(0, 16)}"`;
    const headers: Record<string, string | number> = {
      'content-type': file.contentType ?? 'application/octet-stream',
      etag,
      ...(file.ranges ? { 'accept-ranges': 'bytes' } : {}),
      ...(file.disposition ? { 'content-disposition': file.disposition } : {}),
    };
    let start = 0;
    let status = 200;
    const range = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '');
    const ifRange = request.headers['if-range'];
    if (file.ranges && range && (!ifRange || ifRange === etag)) {
      start = Number(range[1]);
      const end = range[2] ? Math.min(Number(range[2]), file.body.length - 1) : file.body.length - 1;
      status = 206;
      headers['content-range'] = `bytes ${start}-${end}/${file.body.length}`;
      headers['content-length'] = end - start + 1;
      send(response, status, headers, file.body.subarray(start, end + 1), file, path, request.method === 'HEAD');
      return;
    }
    if (!file.chunked) headers['content-length'] = file.announcedLength ?? file.body.length;
    send(response, status, headers, file.body, file, path, request.method === 'HEAD');
  });

  function send(
    response: http.ServerResponse,
    status: number,
    headers: Record<string, string | number>,
    body: Buffer,
    file: OriginFile,
    path: string,
    head: boolean,
  ) {
    response.writeHead(status, headers);
    if (head) {
      response.end();
      return;
    }
    if (file.breakFirstAfter !== undefined && !broken.has(path)) {
      broken.add(path);
      response.write(body.subarray(0, file.breakFirstAfter), () => setTimeout(() => response.socket?.destroy(), 20));
      return;
    }
    if (file.stallAfter !== undefined) {
      response.write(body.subarray(0, file.stallAfter));
      return;
    }
    if (file.dripBytes) {
      let at = 0;
      const drip = () => {
        if (response.destroyed) return;
        const slice = body.subarray(at, at + file.dripBytes!);
        at += slice.length;
        if (at >= body.length) response.end(slice);
        else response.write(slice, () => setTimeout(drip, file.dripMs ?? 50));
      };
      drip();
      return;
    }
    // A wrong announced length: the bytes there are, then the connection closes.
    if (file.announcedLength !== undefined && file.announcedLength > body.length) {
      response.write(body, () => response.socket?.destroy());
      return;
    }
    response.end(body);
  }

  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    origin,
    port,
    requests,
    /** The most requests it was answering at once. */
    mostAtOnce: () => mostAtOnce,
    /** Serves a file at `path` (a random body of `size` bytes when no body is given); answers its address and SHA-256. */
    serve(path: string, file: Partial<OriginFile> & { size?: number }) {
      const body = file.body ?? randomBytes(file.size ?? 1024);
      files.set(path, { ...file, body });
      return { url: origin + path, sha256: createHash('sha256').update(body).digest('hex'), size: body.length };
    },
    /** Redirects `path` to `to`, with the request's query string when `keepQuery` (a tracker's announce). */
    redirect(path: string, to: string, { keepQuery = false } = {}) {
      redirects.set(path, { to, keepQuery });
      return origin + path;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
