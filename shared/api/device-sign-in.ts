// The device sign-in (OAuth 2.0 device authorization grant, RFC 8628): a device without a keyboard
// (a TV) asks for a pair of codes, shows the short one, and polls the token endpoint with the long
// one while its person confirms the short one on a phone or computer where they are signed in.
// docs: the OpenAPI document's "auth" operations; the server's metadata names the endpoint.
import { type Static, Type } from 'typebox';
import { Time } from './resources.ts';

export const DEVICE_SIGN_IN_PATHS = {
  /** RFC 8628 §3.1: the device's request for codes. */
  request: '/v1/auth/device',
  /** The verification page's look at a code: which device is asking. */
  describe: '/v1/auth/device:describe',
  /** The verification page's answer: let the device in, or refuse it. */
  decide: '/v1/auth/device:decide',
} as const;

/** The token endpoint's grant type for a device's polls (RFC 8628 §3.4). */
export const DEVICE_CODE_GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:device_code';

export const DeviceCodeRequestBody = Type.Object({
  client_id: Type.String({ maxLength: 64 }),
  scope: Type.Optional(Type.String({ maxLength: 200 })),
});
export type DeviceCodeRequestBody = Static<typeof DeviceCodeRequestBody>;

/** RFC 8628 §3.2. */
export const DeviceCodes = Type.Object({
  device_code: Type.String(),
  user_code: Type.String(),
  verification_uri: Type.String(),
  verification_uri_complete: Type.String(),
  expires_in: Type.Integer(),
  interval: Type.Integer(),
});
export type DeviceCodes = Static<typeof DeviceCodes>;

/** A code as typed: dashes, spaces and case are forgiven (shared/accounts/user-codes.ts). */
export const UserCodeBody = Type.Object({ user_code: Type.String({ minLength: 1, maxLength: 32 }) });
export type UserCodeBody = Static<typeof UserCodeBody>;

export const DeviceDecisionBody = Type.Object({
  user_code: Type.String({ minLength: 1, maxLength: 32 }),
  /** true lets the device in; false refuses it, and the device is told so. */
  approve: Type.Boolean(),
});
export type DeviceDecisionBody = Static<typeof DeviceDecisionBody>;

/** What the verification page shows before the person decides: which app, which device, from where, when. */
export const DeviceRequestResource = Type.Object({
  client_id: Type.String(),
  user_code: Type.String(),
  scope: Type.String(),
  /** The device as its browser or app describes itself ("Chrome 120 on Linux"), or '' when unknown. */
  device: Type.String(),
  ip: Type.String(),
  requested_at: Time,
  expires_at: Time,
});
export type DeviceRequestResource = Static<typeof DeviceRequestResource>;
