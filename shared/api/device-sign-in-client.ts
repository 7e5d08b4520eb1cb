// The device sign-in (shared/api/device-sign-in.ts) as typed calls over the shared HTTP client:
// a device's request for codes and its polls, the verification page's look at a code and its decision.
import { ACCOUNT_PATHS, type TokenBody, type WebSession } from './accounts.ts';
import type { ApiClient } from './client.ts';
import {
  DEVICE_CODE_GRANT_TYPE,
  DEVICE_SIGN_IN_PATHS,
  type DeviceCodeRequestBody,
  type DeviceCodes,
  type DeviceDecisionBody,
  type DeviceRequestResource,
  type UserCodeBody,
} from './device-sign-in.ts';

export function deviceSignInApi(api: ApiClient) {
  return {
    /** A device's codes: the long one it polls with, the short one its person types. */
    request: (clientId: string) => api.post<DeviceCodes>(DEVICE_SIGN_IN_PATHS.request, { client_id: clientId } satisfies DeviceCodeRequestBody),
    /** One poll of a browser page's device sign-in: a cookie session once its person let it in. */
    poll: (deviceCode: string, clientId: string) =>
      api.post<WebSession>(ACCOUNT_PATHS.token, { grant_type: DEVICE_CODE_GRANT_TYPE, device_code: deviceCode, client_id: clientId } satisfies TokenBody),
    describe: (userCode: string) => api.post<DeviceRequestResource>(DEVICE_SIGN_IN_PATHS.describe, { user_code: userCode } satisfies UserCodeBody),
    decide: (userCode: string, approve: boolean) =>
      api.post<Record<string, never>>(DEVICE_SIGN_IN_PATHS.decide, { user_code: userCode, approve } satisfies DeviceDecisionBody),
  };
}
