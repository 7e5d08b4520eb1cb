import { useId } from 'react';
import { useT } from '../../i18n.ts';
import type { UserInfo } from '../../stores/user-store.ts';

type Props = { user: UserInfo; intro: string; onContinue: () => void; onUseAnotherAccount: () => void };

/** An already signed-in user confirms that another app may use their account. */
export function ContinueAs({ user, intro, onContinue, onUseAnotherAccount }: Props) {
  const t = useT();
  const titleId = useId();
  return (
    <section className="auth-card" aria-labelledby={titleId}>
      <h1 id={titleId}>{t('auth.title.connect')}</h1>
      <p className="auth-intro">{intro}</p>
      <p>{t('auth.signedInAs', { name: user.username, email: user.email })}</p>
      <div className="auth-actions">
        <button type="button" className="button primary" onClick={onContinue}>
          {t('auth.continueAs', { name: user.username })}
        </button>
        <button type="button" className="button secondary" onClick={onUseAnotherAccount}>
          {t('auth.useAnotherAccount')}
        </button>
      </div>
    </section>
  );
}
