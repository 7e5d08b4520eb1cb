// E-mail about the account (shared/api/account-mail.ts) as typed calls over the shared HTTP client.
import { ACCOUNT_MAIL_PATHS, type MailStatus } from './account-mail.ts';
import type { UserProfile } from './accounts.ts';
import type { ApiClient } from './client.ts';

export function accountMailApi(api: ApiClient) {
  return {
    status: () => api.get<MailStatus>(ACCOUNT_MAIL_PATHS.status),
    sendConfirmationAgain: () => api.post<Record<string, never>>(ACCOUNT_MAIL_PATHS.verification),
    confirmAddress: (token: string) => api.post<UserProfile>(ACCOUNT_MAIL_PATHS.confirmAddress, { token }),
    requestPasswordReset: (email: string) => api.post<Record<string, never>>(ACCOUNT_MAIL_PATHS.passwordReset, { email }),
    resetPassword: (token: string, password: string) => api.post<Record<string, never>>(ACCOUNT_MAIL_PATHS.resetPassword, { token, password }),
  };
}
