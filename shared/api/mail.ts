// The mail API (SPEC §7.5 GET /mail/v1/unsubscribe?d=): `d` is a signed, expiring token naming
// the account and the kind of e-mail (scene) the link came in; using it stops that kind.
import { type Static, Type } from 'typebox';

export const MAIL_PATHS = { unsubscribe: '/mail/v1/unsubscribe' } as const;

/**
 * The kinds of e-mail a person can stop: news and offers, and notices of sign-ins from new
 * devices. The other account e-mails (confirming the address, password resets) always go.
 */
export const MAIL_SCENES = ['news', 'sign_in'] as const;
export type MailScene = (typeof MAIL_SCENES)[number];

export const UnsubscribeQuery = Type.Object({ d: Type.String({ minLength: 1, maxLength: 512 }) });

/** Who was unsubscribed (the address masked) from what (SPEC §3.1 unsubscribeInfo). */
export const UnsubscribedSchema = Type.Object({ email: Type.String(), scene: Type.String() });
export type Unsubscribed = Static<typeof UnsubscribedSchema>;
