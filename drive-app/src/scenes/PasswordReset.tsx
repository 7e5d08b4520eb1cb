import { type FormEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Message } from '#shared/api/error-messages.ts';
import { SIGN_IN_PATH } from '#shared/app-paths.ts';
import { emailProblem, newPasswordProblem } from '../accounts/validation.ts';
import { driveAccountMail } from '../api.ts';
import { EmailField, PasswordField } from '../components/auth/AccountFields.tsx';
import { BusyNotice } from '../components/BusyNotice.tsx';
import { FailureNotice } from '../components/FailureNotice.tsx';
import { useSubmission } from '../components/useSubmission.ts';
import { useT } from '../i18n.ts';

/**
 * /auth/reset: asking for a link to reset a forgotten password, and, opened from that link
 * (?token=…), choosing the new password.
 */
export function PasswordReset() {
  const t = useT();
  const titleId = useId();
  const [query] = useSearchParams();
  const token = query.get('token');
  return (
    <section className="auth-card" aria-labelledby={titleId}>
      <h1 id={titleId}>{t('auth.reset.title')}</h1>
      {token ? <NewPasswordForm token={token} /> : <ResetLinkForm />}
      <p className="auth-switch">
        <Link to={SIGN_IN_PATH}>{t('auth.reset.backToSignIn')}</Link>
      </p>
    </section>
  );
}

function ResetLinkForm() {
  const t = useT();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<Message>();
  const [sentTo, setSentTo] = useState<string>();
  const { pending, failure, submit } = useSubmission();

  async function send(event: FormEvent) {
    event.preventDefault();
    const found = emailProblem(email);
    setProblem(found);
    if (found) return;
    const address = email.trim();
    if (await submit(() => driveAccountMail.requestPasswordReset(address))) setSentTo(address);
  }

  if (sentTo) {
    return (
      <p className="notice" role="status">
        {t('auth.reset.sent', { email: sentTo })}
      </p>
    );
  }
  return (
    <form className="auth-form" onSubmit={send} noValidate aria-busy={pending}>
      <p className="auth-intro">{t('auth.reset.lead')}</p>
      <EmailField signIn value={email} onValueChange={setEmail} problem={problem} />
      {pending && <BusyNotice text={t('auth.reset.send')} />}
      {!pending && failure !== undefined && <FailureNotice failure={failure} />}
      <button type="submit" className="button primary" disabled={pending}>
        {t('auth.reset.send')}
      </button>
    </form>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const t = useT();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<Message>();
  const [done, setDone] = useState(false);
  const { pending, failure, submit } = useSubmission();

  async function save(event: FormEvent) {
    event.preventDefault();
    const found = newPasswordProblem(password, {});
    setProblem(found);
    if (found) return;
    if (await submit(() => driveAccountMail.resetPassword(token, password))) setDone(true);
  }

  if (done) {
    return (
      <p className="notice" role="status">
        {t('auth.reset.done')}
      </p>
    );
  }
  return (
    <form className="auth-form" onSubmit={save} noValidate aria-busy={pending}>
      <PasswordField purpose="new" label={t('auth.reset.newPassword')} value={password} onValueChange={setPassword} problem={problem} />
      {pending && <BusyNotice text={t('auth.reset.save')} />}
      {!pending && failure !== undefined && <FailureNotice failure={failure} />}
      <button type="submit" className="button primary" disabled={pending}>
        {t('auth.reset.save')}
      </button>
    </form>
  );
}
