import { type FormEvent, useId, useState } from 'react';
import type { Message } from '#shared/api/error-messages.ts';
import { enteredPasswordProblem, newPasswordProblem } from '../../accounts/validation.ts';
import { useT } from '../../i18n.ts';
import { loadSessions } from '../../stores/sessions.ts';
import { userStore } from '../../stores/user.ts';
import type { UserInfo } from '../../stores/user-store.ts';
import { PasswordField } from '../auth/AccountFields.tsx';
import { FailureNotice } from '../FailureNotice.tsx';
import { useSubmission } from '../useSubmission.ts';

type Problems = { oldPassword?: Message | undefined; newPassword?: Message | undefined };

/** Changing the password, which signs out every other device. */
export function ChangePasswordSection({ user }: { user: UserInfo }) {
  const t = useT();
  const titleId = useId();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [changed, setChanged] = useState(false);
  const { pending, failure, submit } = useSubmission();

  async function changePassword(event: FormEvent) {
    event.preventDefault();
    const found: Problems = {
      oldPassword: user.haveSetPassword ? enteredPasswordProblem(oldPassword) : undefined,
      newPassword: newPasswordProblem(newPassword, { name: user.username }),
    };
    setProblems(found);
    setChanged(false);
    if (found.oldPassword || found.newPassword) return;
    if (await submit(() => userStore.changePassword({ oldPassword, newPassword }))) {
      setChanged(true);
      setOldPassword('');
      setNewPassword('');
      void loadSessions();
    }
  }

  return (
    <section className="account-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('account.password.title')}</h2>
      <form className="stacked-form" onSubmit={changePassword} noValidate>
        {user.haveSetPassword && (
          <PasswordField
            purpose="current"
            label={t('account.password.current')}
            value={oldPassword}
            onValueChange={setOldPassword}
            problem={problems.oldPassword}
          />
        )}
        <PasswordField purpose="new" label={t('account.password.new')} value={newPassword} onValueChange={setNewPassword} problem={problems.newPassword} />
        {changed && (
          <p className="notice notice-success" role="status">
            {t('account.password.changed')}
          </p>
        )}
        {failure !== undefined && <FailureNotice failure={failure} />}
        <button type="submit" className="button secondary" disabled={pending}>
          {t('account.password.submit')}
        </button>
      </form>
    </section>
  );
}
