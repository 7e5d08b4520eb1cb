import { type FormEvent, useState } from 'react';
import type { Message } from '#shared/api/error-messages.ts';
import { emailProblem, enteredPasswordProblem } from '../../accounts/validation.ts';
import { useT } from '../../i18n.ts';
import type { OnCheckingRobot, SignInInput } from '../../stores/user-store.ts';
import { BusyNotice } from '../BusyNotice.tsx';
import { FailureNotice } from '../FailureNotice.tsx';
import { useSubmission } from '../useSubmission.ts';
import { EmailField, PasswordField } from './AccountFields.tsx';

type Props = { onSignIn: (input: SignInInput, onCheckingRobot: OnCheckingRobot) => Promise<unknown> };

export function SignInForm({ onSignIn }: Props) {
  const t = useT();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<{ email?: Message | undefined; password?: Message | undefined }>({});
  const [checkingRobot, setCheckingRobot] = useState(false);
  const { pending, failure, submit } = useSubmission();

  async function signIn(event: FormEvent) {
    event.preventDefault();
    const found = { email: emailProblem(email), password: enteredPasswordProblem(password) };
    setProblems(found);
    if (found.email || found.password) return;
    setCheckingRobot(false);
    await submit(() => onSignIn({ email: email.trim(), password }, () => setCheckingRobot(true)));
  }

  return (
    <form className="auth-form" onSubmit={signIn} noValidate aria-busy={pending}>
      <EmailField signIn value={email} onValueChange={setEmail} problem={problems.email} />
      <PasswordField purpose="current" label={t('auth.field.password')} value={password} onValueChange={setPassword} problem={problems.password} />
      {pending && <BusyNotice text={checkingRobot ? t('auth.checkingRobot') : t('auth.busy.signIn')} />}
      {!pending && failure !== undefined && <FailureNotice failure={failure} />}
      <button type="submit" className="button primary" disabled={pending}>
        {t('auth.submit.signIn')}
      </button>
    </form>
  );
}
