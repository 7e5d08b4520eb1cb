// E-mail about the account (API.md Auth): whether this server sends mail at all, confirming the
// address through the link mailed after sign-up, and resetting a forgotten password through a
// mailed link. The links carry single-use tokens and open the drive app's pages of app-paths.ts.
import { type Static, Type } from 'typebox';

export const ACCOUNT_MAIL_PATHS = {
  /** GET: `{ mail }`, false when the operator set up no mail: the flows below are then not offered. */
  status: '/v1/auth/mail',
  /** POST (signed in): mails the confirmation link again. */
  verification: '/v1/auth/verification',
  /** POST `{ token }`: confirms the address the link was mailed to. */
  confirmAddress: '/v1/auth/verification:confirm',
  /** POST `{ email }`: mails a reset link when an account has that address; the same answer either way. */
  passwordReset: '/v1/auth/password-reset',
  /** POST `{ token, password }`: sets the new password and ends every session of the account. */
  resetPassword: '/v1/auth/password-reset:confirm',
} as const;

export const MailStatusSchema = Type.Object({ mail: Type.Boolean() });
export type MailStatus = Static<typeof MailStatusSchema>;

const Token = Type.String({ minLength: 20, maxLength: 200 });
export const ConfirmAddressBody = Type.Object({ token: Token });
export const PasswordResetBody = Type.Object({ email: Type.String({ minLength: 1, maxLength: 320 }) });
export const ResetPasswordBody = Type.Object({ token: Token, password: Type.String({ minLength: 1, maxLength: 1024 }) });
