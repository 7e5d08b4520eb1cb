import { useId, useState, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH } from '#shared/accounts/password-rules.ts';
import { useT } from '../../i18n.ts';
import { messageText, type Message } from '../../accounts/error-messages.ts';
import { enteredPasswordProblem, newPasswordProblem } from '../../accounts/validation.ts';
import { userStore } from '../../stores/user.ts';
import { loadSessions } from '../../stores/sessions.ts';
import type { UserInfo } from '../../stores/user-store.ts';
import { TextField } from '../TextField.tsx';
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
          <TextField
            label={t('account.password.current')}
            type="password"
            name="current-password"
            autoComplete="current-password"
            maxLength={1024}
            value={oldPassword}
            onValueChange={setOldPassword}
            error={messageText(t, problems.oldPassword)}
          />
        )}
        <TextField
          label={t('account.password.new')}
          type="password"
          name="new-password"
          autoComplete="new-password"
          maxLength={1024}
          value={newPassword}
          onValueChange={setNewPassword}
          hint={t('auth.password.rule', { min: PASSWORD_MIN_LENGTH })}
          error={messageText(t, problems.newPassword)}
        />
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
