// Page tokens: where the next page of a listing starts, handed to the client as an opaque string.
// Every listing writes its position the same way and refuses a token it did not write.
import { ServiceError } from './errors.ts';

/** The token for a position: its parts as JSON, base64url. '' when there is no next page. */
export function writePageToken(position: readonly unknown[] | undefined): string {
  return position ? Buffer.from(JSON.stringify(position)).toString('base64url') : '';
}

/**
 * The position a token holds, as `read` makes it from the token's parts; a token that does not
 * parse, or whose parts `read` refuses (undefined), answers invalid_request.
 */
export function readPageToken<Position>(token: string, read: (parts: unknown[]) => Position | undefined): Position {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    parts = undefined;
  }
  const position = Array.isArray(parts) ? read(parts) : undefined;
  if (position === undefined) {
    throw new ServiceError('invalid_request', 'This page token does not belong to this listing. Start again from the first page.', [
      { field: 'page_token', reason: 'invalid' },
    ]);
  }
  return position;
}
