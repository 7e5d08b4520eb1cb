import { type FormEvent, useState } from 'react';
import type { Message } from '#shared/api/error-messages.ts';
import { emailProblem, nameProblem, newPasswordProblem } from '../../accounts/validation.ts';
import { useT } from '../../i18n.ts';
import type { OnCheckingRobot, SignUpInput } from '../../stores/user-store.ts';
import { BusyNotice } from '../BusyNotice.tsx';
import { FailureNotice } from '../FailureNotice.tsx';
import { useSubmission } from '../useSubmission.ts';
import { EmailField, NameField, PasswordField } from './AccountFields.tsx';

type Props = { onSignUp: (input: SignUpInput, onCheckingRobot: OnCheckingRobot) => Promise<unknown> };
type Problems = { name?: Message | undefined; email?: Message | undefined; password?: Message | undefined };

export function SignUpForm({ onSignUp }: Props) {
  const t = useT();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [checkingRobot, setCheckingRobot] = useState(false);
  const { pending, failure, submit } = useSubmission();

  async function signUp(event: FormEvent) {
    event.preventDefault();
    const person = { name: name.trim(), email: email.trim() };
    const found: Problems = { name: nameProblem(name), email: emailProblem(email), password: newPasswordProblem(password, person) };
    setProblems(found);
    if (found.name || found.email || found.password) return;
    setCheckingRobot(false);
    await submit(() => onSignUp({ ...person, password }, () => setCheckingRobot(true)));
  }

  return (
    <form className="auth-form" onSubmit={signUp} noValidate aria-busy={pending}>
      <NameField label={t('auth.field.name')} value={name} onValueChange={setName} problem={problems.name} />
      <EmailField value={email} onValueChange={setEmail} problem={problems.email} />
      <PasswordField purpose="new" label={t('auth.field.password')} value={password} onValueChange={setPassword} problem={problems.password} />
      {pending && <BusyNotice text={checkingRobot ? t('auth.checkingRobot') : t('auth.busy.signUp')} />}
      {!pending && failure !== undefined && <FailureNotice failure={failure} />}
      <button type="submit" className="button primary" disabled={pending}>
        {t('auth.submit.signUp')}
      </button>
    </form>
  );
}
