import { describe, it, expect } from 'vitest';
import { ApiError } from '#shared/api/client.ts';
import { describeApiFailure, type IslandText } from './island.ts';

const text: IslandText = (key, values) => (values ? `${key} ${JSON.stringify(values)}` : key);
const failure = (status: number, error: string, description = '') => new ApiError(status, { error, error_code: 0, error_description: description });

describe('describeApiFailure', () => {
  it('says a path the server does not answer yet is not available on this server', () => {
    expect(describeApiFailure(failure(404, 'not_found', 'Route POST:/vip/v1/activity/compensate not found'), text)).toBe('site.api.unavailable');
  });

  it('asks a signed-out visitor to sign in', () => {
    expect(describeApiFailure(failure(401, 'unauthenticated', 'Sign in first.'), text)).toBe('site.api.signIn');
  });

  it('says the server cannot be reached when the call never got an answer', () => {
    expect(describeApiFailure(new TypeError('Failed to fetch'), text)).toBe('site.api.offline');
  });

  it("passes any other failure on with the server's error_description", () => {
    expect(describeApiFailure(failure(400, 'invalid_activation_code', 'This code has already been used.'), text)).toBe('site.api.failed {"reason":"This code has already been used."}');
    // A 404 that names a thing (a file, a share) is not "unavailable": it is that thing missing.
    expect(describeApiFailure(failure(404, 'file_not_found', 'No such file.'), text)).toBe('site.api.failed {"reason":"No such file."}');
  });
});
