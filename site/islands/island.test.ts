import { describe, expect, it } from 'vitest';
import { ApiError } from '#shared/api/client.ts';
import source from '../../content/i18n/en-US.json' with { type: 'json' };
import { CHECK_IN_MESSAGES } from './CheckIn.tsx';
import { COMPENSATION_CLAIM_MESSAGES } from './CompensationClaim.tsx';
import { FAVORITE_LINKS_MESSAGES } from './FavoriteLinks.tsx';
import { API_FAILURE_KEYS, describeApiFailure, errorMessageKeys, type IslandText, islandMessages, SITE_API_ERROR_MESSAGES } from './island.ts';
import { SHOP_MESSAGES } from './Shop.tsx';
import { STORAGE_WIDGET_MESSAGES } from './StorageWidget.tsx';
import { UNSUBSCRIBE_MESSAGES } from './Unsubscribe.tsx';
import { URL_CHECKER_MESSAGES } from './UrlChecker.tsx';

const text: IslandText = (key, values) => (values ? `${key} ${JSON.stringify(values)}` : key);
const failure = (status: number, error: string, description = '') => new ApiError(status, { error, error_code: 0, error_description: description });

describe('describeApiFailure', () => {
  it('says a path the server does not answer yet is not available on this server', () => {
    expect(describeApiFailure(failure(404, 'not_found', 'Route POST:/vip/v1/activity/compensate not found'), text)).toBe('site.api.unavailable');
  });

  it('asks a signed-out visitor to sign in', () => {
    expect(describeApiFailure(failure(401, 'unauthenticated', 'Sign in first.'), text)).toBe('error.unauthenticated');
  });

  it('says the server cannot be reached when the call never got an answer', () => {
    expect(describeApiFailure(new TypeError('Failed to fetch'), text)).toBe('error.network');
  });

  it("says what to do for a named error, from the island's own messages first, then the common ones", () => {
    const own = { invalid_request: 'offline.error.unsupported', file_space_not_enough: 'files.error.spaceNotEnough' } as const;
    const validation = failure(400, 'invalid_request', "body must have required property 'name'");
    expect(describeApiFailure(validation, text, own)).toBe('offline.error.unsupported');
    expect(describeApiFailure(failure(403, 'file_space_not_enough', 'Not enough space.'), text, own)).toBe('files.error.spaceNotEnough');
    expect(describeApiFailure(failure(429, 'too_many_requests', 'Slow down.'), text, own)).toBe('error.tooManyRequestsSoon');
    expect(describeApiFailure(failure(403, 'permission_denied', 'No.'), text)).toBe('error.permissionDenied');
  });

  it("never shows the server's error_description, which is English and meant for developers", () => {
    expect(describeApiFailure(failure(400, 'invalid_request', "body must have required property 'name'"), text)).toBe('error.invalidRequest');
    // A 404 that names a thing (a file, a share) is not "unavailable": it is that thing missing.
    expect(describeApiFailure(failure(404, 'file_not_found', 'No such file.'), text)).toBe('files.error.notFound');
    expect(describeApiFailure(failure(502, 'bad_gateway', 'upstream said no'), text)).toBe('error.generic');
  });

  it("gives every island the common messages, in the page's language", () => {
    const messages: Record<string, string | undefined> = islandMessages((key) => `[${key}]`, []);
    for (const key of [...API_FAILURE_KEYS, ...errorMessageKeys(SITE_API_ERROR_MESSAGES), 'error.generic']) expect(messages[key]).toBe(`[${key}]`);
  });

  it('asks only for messages that exist, for every island', () => {
    const keys = [
      ...API_FAILURE_KEYS,
      ...CHECK_IN_MESSAGES,
      ...COMPENSATION_CLAIM_MESSAGES,
      ...FAVORITE_LINKS_MESSAGES,
      ...SHOP_MESSAGES,
      ...STORAGE_WIDGET_MESSAGES,
      ...UNSUBSCRIBE_MESSAGES,
      ...URL_CHECKER_MESSAGES,
    ];
    expect(keys.filter((key) => !(key in source))).toEqual([]);
  });
});
