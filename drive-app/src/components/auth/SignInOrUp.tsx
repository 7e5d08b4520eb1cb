import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { RESET_PASSWORD_PATH } from '#shared/app-paths.ts';
import { driveAccountMail } from '../../api.ts';
import { useT } from '../../i18n.ts';
import type { OnCheckingRobot, SignInInput, SignUpInput } from '../../stores/user-store.ts';
import { SignInForm } from './SignInForm.tsx';
import { SignUpForm } from './SignUpForm.tsx';

type Props = {
  /** What signing in is for, when it is for another app. */
  intro?: string | undefined;
  onSignIn: (input: SignInInput, onCheckingRobot: OnCheckingRobot) => Promise<unknown>;
  onSignUp: (input: SignUpInput, onCheckingRobot: OnCheckingRobot) => Promise<unknown>;
};

/** Sign in and sign up on one card, switching between them. */
export function SignInOrUp({ intro, onSignIn, onSignUp }: Props) {
  const t = useT();
  const titleId = useId();
  const [mode, setMode] = useState<'sign-in' | 'sign-up'>('sign-in');
  const mailOn = useMailOn();
  return (
    <section className="auth-card" aria-labelledby={titleId}>
      <h1 id={titleId}>{mode === 'sign-in' ? t('auth.title.signIn') : t('auth.title.signUp')}</h1>
      {intro && <p className="auth-intro">{intro}</p>}
      {mode === 'sign-in' ? <SignInForm onSignIn={onSignIn} /> : <SignUpForm onSignUp={onSignUp} />}
      {mode === 'sign-in' && mailOn && (
        <p className="auth-switch">
          <Link to={RESET_PASSWORD_PATH}>{t('auth.forgotPassword')}</Link>
        </p>
      )}
      <p className="auth-switch">
        {mode === 'sign-in' ? t('auth.switch.newHere') : t('auth.switch.haveAccount')}{' '}
        <button type="button" className="link-button" onClick={() => setMode(mode === 'sign-in' ? 'sign-up' : 'sign-in')}>
          {mode === 'sign-in' ? t('auth.switch.toSignUp') : t('auth.switch.toSignIn')}
        </button>
      </p>
    </section>
  );
}

/** Whether this server sends e-mail: a forgotten password can be reset only then. Off until it says. */
function useMailOn(): boolean {
  const [on, setOn] = useState(false);
  useEffect(() => {
    driveAccountMail.status().then(
      (status) => setOn(status.mail),
      () => setOn(false),
    );
  }, []);
  return on;
}
