// The device sign-in (shared/api/device-sign-in.ts) as typed calls over the shared HTTP client:
// the verification page's look at a code and its decision.
import type { ApiClient } from './client.ts';
import { DEVICE_SIGN_IN_PATHS, type DeviceDecisionBody, type DeviceRequestResource, type UserCodeBody } from './device-sign-in.ts';

export function deviceSignInApi(api: ApiClient) {
  return {
    describe: (userCode: string) => api.post<DeviceRequestResource>(DEVICE_SIGN_IN_PATHS.describe, { user_code: userCode } satisfies UserCodeBody),
    decide: (userCode: string, approve: boolean) =>
      api.post<Record<string, never>>(DEVICE_SIGN_IN_PATHS.decide, { user_code: userCode, approve } satisfies DeviceDecisionBody),
  };
}
