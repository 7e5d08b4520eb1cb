import { describe, expect, it } from 'vitest';
import { transferOutcome, uploadAddressOnOrigin } from './tus-transfer.ts';

/** A tus-js-client DetailedError as it arrives: the response, when there was one. */
const tusError = (status?: number, body = '') =>
  Object.assign(new Error('tus: failed'), { originalResponse: status === undefined ? null : { getStatus: () => status, getBody: () => body } });

describe('uploadAddressOnOrigin', () => {
  it('keeps the path and moves the address to the page origin, where the session cookie goes', () => {
    expect(uploadAddressOnOrigin('http://localhost:8080/drive/v1/uploads/f1', 'http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080/drive/v1/uploads/f1');
    expect(uploadAddressOnOrigin('/drive/v1/uploads/f1', 'https://nubo.example')).toBe('https://nubo.example/drive/v1/uploads/f1');
  });
});

describe('transferOutcome', () => {
  it('counts a broken connection as interrupted', () => {
    expect(transferOutcome(tusError())).toMatchObject({ kind: 'interrupted', failure: { error: 'network_error' } });
    expect(transferOutcome(tusError(0))).toMatchObject({ kind: 'interrupted' });
    expect(transferOutcome(tusError(503, 'busy'))).toMatchObject({ kind: 'interrupted' });
  });

  it('reads the API error of a refusal, such as the quota running out at the last byte', () => {
    const body = JSON.stringify({ error: 'file_space_not_enough', error_code: 8, error_description: 'No space left.' });
    expect(transferOutcome(tusError(403, body))).toMatchObject({ kind: 'refused', failure: { status: 403, error: 'file_space_not_enough' } });
  });

  it('knows an upload the server no longer has, and a lapsed session', () => {
    expect(transferOutcome(tusError(404, 'Not found'))).toMatchObject({ kind: 'gone', failure: { error: 'file_not_found' } });
    const lapsed = JSON.stringify({ error: 'unauthenticated', error_code: 16, error_description: 'Sign in.' });
    expect(transferOutcome(tusError(401, lapsed))).toMatchObject({ kind: 'unauthenticated', failure: { error: 'unauthenticated' } });
  });
});
