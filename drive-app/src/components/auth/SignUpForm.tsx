import { useState, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH } from '#shared/accounts/password-rules.ts';
import { useT } from '../../i18n.ts';
import { messageText, type Message } from '../../accounts/error-messages.ts';
import { emailProblem, nameProblem, newPasswordProblem } from '../../accounts/validation.ts';
import type { OnCheckingRobot, SignUpInput } from '../../stores/user-store.ts';
import { TextField } from '../TextField.tsx';
import { FailureNotice } from '../FailureNotice.tsx';
import { BusyNotice } from '../BusyNotice.tsx';
import { useSubmission } from '../useSubmission.ts';

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
      <TextField
        label={t('auth.field.name')}
        name="name"
        autoComplete="name"
        maxLength={100}
        value={name}
        onValueChange={setName}
        error={messageText(t, problems.name)}
      />
      <TextField
        label={t('auth.field.email')}
        type="email"
        name="email"
        autoComplete="email"
        maxLength={254}
        value={email}
        onValueChange={setEmail}
        error={messageText(t, problems.email)}
      />
      <TextField
        label={t('auth.field.password')}
        type="password"
        name="new-password"
        autoComplete="new-password"
        maxLength={1024}
        value={password}
        onValueChange={setPassword}
        hint={t('auth.password.rule', { min: PASSWORD_MIN_LENGTH })}
        error={messageText(t, problems.password)}
      />
      {pending && <BusyNotice text={checkingRobot ? t('auth.checkingRobot') : t('auth.busy.signUp')} />}
      {!pending && failure !== undefined && <FailureNotice failure={failure} />}
      <button type="submit" className="button primary" disabled={pending}>
        {t('auth.submit.signUp')}
      </button>
    </form>
  );
}
