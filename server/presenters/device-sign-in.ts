// The device sign-in as the API shows it (RFC 8628 §3.2): a device's codes with where its person
// goes to type the short one, and a request as the verification page shows it before they decide.

import { formatUserCode } from '#shared/accounts/user-codes.ts';
import type { DeviceCodes, DeviceRequestResource } from '#shared/api/device-sign-in.ts';
import { DEVICE_SIGN_IN_PATH } from '#shared/app-paths.ts';
import type { DeviceSignInRow } from '../db/repositories/device-sign-in.ts';
import type { IssuedDeviceCodes } from '../services/accounts/device-sign-in.ts';

export function presentDeviceCodes(codes: IssuedDeviceCodes, publicUrl: string, now = Date.now()): DeviceCodes {
  const page = new URL(DEVICE_SIGN_IN_PATH, publicUrl);
  const userCode = formatUserCode(codes.userCode);
  const complete = new URL(page);
  complete.searchParams.set('code', userCode);
  return {
    device_code: codes.deviceCode,
    user_code: userCode,
    verification_uri: page.href,
    verification_uri_complete: complete.href,
    expires_in: Math.round((codes.expiresAt - now) / 1000),
    interval: codes.intervalS,
  };
}

export function presentDeviceRequest(request: DeviceSignInRow): DeviceRequestResource {
  return {
    client_id: request.client_id,
    user_code: formatUserCode(request.user_code),
    scope: request.scope,
    device: request.device,
    ip: request.ip,
    requested_at: new Date(request.created_at).toISOString(),
    expires_at: new Date(request.expires_at).toISOString(),
  };
}
