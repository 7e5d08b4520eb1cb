// The profile: the user's name and password, and the moderators named by configuration.
import { passwordProblem } from '#shared/accounts/password-rules.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import type { Authenticated } from '../../auth/tokens.ts';
import type { UserRow } from '../../db/repositories/accounts.ts';
import { ServiceError } from '../../errors.ts';
import { type AccountsContext, limit, PASSWORD_PROBLEM_TEXT } from './context.ts';

export function profile(context: AccountsContext) {
  const { repo, counters, limits, now } = context;

  return {
    async updateName(user: UserRow, name: string): Promise<UserRow> {
      const trimmed = name.trim();
      if (!trimmed) throw new ServiceError('invalid_request', 'Enter your name.', [{ field: 'name', reason: 'empty' }]);
      const updated_at = now();
      await repo.updateUser(user.id, { name: trimmed, updated_at });
      return { ...user, name: trimmed, updated_at };
    },

    async changePassword(auth: Authenticated, oldPassword: string, newPassword: string) {
      await limit(context, `password:user:${auth.user.id}`, limits.passwordFailuresPerUser);
      if (!(await verifyPassword(oldPassword, auth.user.password_hash))) {
        throw new ServiceError('invalid_account_or_password', 'The current password is not correct.', [{ field: 'old_password', reason: 'wrong' }]);
      }
      const problem = passwordProblem(newPassword, { email: auth.user.email, name: auth.user.name });
      if (problem) throw new ServiceError('password_too_weak', PASSWORD_PROBLEM_TEXT[problem], [{ field: 'new_password', reason: problem }]);
      await counters.reset(`password:user:${auth.user.id}`);
      await repo.updateUser(auth.user.id, { password_hash: await hashPassword(newPassword), updated_at: now() });
      // Whoever knew the old password is signed out everywhere but here.
      await repo.revokeSessionsOf(auth.user.id, now(), 'password_changed', auth.session.id);
    },

    /**
     * Operators are named by configuration (ADMIN_EMAILS): at every start, the listed addresses
     * whose holders confirmed them by mail get the role (the others when they confirm).
     */
    async grantAdminRoles(emails: readonly string[]) {
      if (emails.length > 0) await repo.grantAdminRolesToConfirmed(emails);
    },
  };
}
