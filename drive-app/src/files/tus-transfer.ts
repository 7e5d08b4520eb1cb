// Sending a file's bytes over tus with tus-js-client, behind the small interface the
// upload queue needs, and what a failed transfer means for the user: try again, or not.
import { Upload } from 'tus-js-client';
import { ApiError, toApiError } from '#shared/api/client.ts';
import { isApiErrorBody } from '#shared/api/errors.ts';

export type TransferEvents = {
  onProgress(bytesSent: number): void;
  onSuccess(): void;
  onError(error: Error): void;
};

/** One file's bytes on their way: start (or resume, after asking the server where it stopped) and pause. */
export type Transfer = { start(): void; pause(): Promise<void> };
export type StartTransfer = (file: Blob, uploadUrl: string, events: TransferEvents) => Transfer;
/** Ends an upload on the server (tus termination), which removes its pending file. */
export type TerminateUpload = (uploadUrl: string) => Promise<void>;

/**
 * Requests of at most this size: a proxy in front of a self-hosted server often caps bodies
 * (100 MB at some tunnels), while bytes of a broken request are kept by the server anyway.
 */
const CHUNK_BYTES = 50 * 1024 * 1024;
/** tus-js-client tries again after these pauses while the browser is online; then the user decides. */
const RETRY_DELAYS_MS = [1000, 3000, 6000];

export const tusTransfer: StartTransfer = (file, uploadUrl, events) => {
  const upload = new Upload(file, {
    uploadUrl,
    chunkSize: CHUNK_BYTES,
    retryDelays: RETRY_DELAYS_MS,
    // The queue keeps its own record (unfinished-uploads.ts), with the file id the app needs.
    storeFingerprintForResuming: false,
    onProgress: (bytesSent) => events.onProgress(bytesSent),
    onSuccess: () => events.onSuccess(),
    onError: (error) => events.onError(error),
  });
  return { start: () => upload.start(), pause: () => upload.abort() };
};

export const terminateTusUpload: TerminateUpload = (uploadUrl) => Upload.terminate(uploadUrl);

/**
 * The upload's address on the page's own origin. The session cookie lives there, while the
 * server names itself by PUBLIC_URL, which may be another name for the same server
 * (localhost for 127.0.0.1, or a LAN address), where the cookie would not go.
 */
export function uploadAddressOnOrigin(uploadUrl: string, origin: string): string {
  const url = new URL(uploadUrl, origin);
  return `${origin}${url.pathname}${url.search}`;
}

export type TransferOutcome =
  /** The connection failed (or the server did, after the retries): the bytes so far are kept. */
  | { kind: 'interrupted'; failure: ApiError }
  /** The session lapsed during a long upload: renew it, then go on. */
  | { kind: 'unauthenticated'; failure: ApiError }
  /** The server no longer has the upload (expired, cancelled elsewhere). */
  | { kind: 'gone'; failure: ApiError }
  /** The server refused the bytes for good, e.g. the quota ran out meanwhile. */
  | { kind: 'refused'; failure: ApiError };

type ResponseLike = { getStatus(): number; getBody(): string };

/** What a tus-js-client error means; its response, when there is one, carries the API's error body. */
export function transferOutcome(error: Error): TransferOutcome {
  const response = (error as { originalResponse?: ResponseLike | null }).originalResponse;
  const status = response?.getStatus() ?? 0;
  if (!response || status === 0) return { kind: 'interrupted', failure: toApiError(error) };
  const failure = apiErrorOf(status, response.getBody());
  if (status === 401) return { kind: 'unauthenticated', failure };
  if (status === 404 || status === 410) return { kind: 'gone', failure };
  // 409 (offset mismatch) and 423 (locked) pass; the server's 5xx may too.
  if (status === 409 || status === 423 || status >= 500) return { kind: 'interrupted', failure };
  return { kind: 'refused', failure };
}

function apiErrorOf(status: number, body: string): ApiError {
  try {
    const parsed: unknown = JSON.parse(body);
    if (isApiErrorBody(parsed)) return new ApiError(status, parsed);
  } catch {
    // tus answers some refusals in plain text.
  }
  if (status === 404 || status === 410) return new ApiError(status, { error: 'file_not_found', error_code: 5, error_description: body });
  return new ApiError(status, { error: status >= 500 ? 'internal' : 'invalid_request', error_code: status >= 500 ? 13 : 3, error_description: body });
}

/** Sends a small file's bytes at once (a .torrent to download from), resolving when the server has them all. */
export function sendWhole(file: Blob, uploadUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    tusTransfer(file, uploadAddressOnOrigin(uploadUrl, location.origin), { onProgress: () => {}, onSuccess: resolve, onError: reject }).start();
  });
}
