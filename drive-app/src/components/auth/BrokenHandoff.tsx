import { useId } from 'react';
import type { BrokenHandoff as BrokenHandoffRequest } from '../../accounts/client-handoff.ts';
import { useT } from '../../i18n.ts';

/** The app that sent the user here sent an incomplete request: only that app can start again. */
export function BrokenHandoff({ handoff }: { handoff: BrokenHandoffRequest }) {
  const t = useT();
  const titleId = useId();
  return (
    <section className="auth-card" aria-labelledby={titleId}>
      <h1 id={titleId}>{t('auth.title.connect')}</h1>
      <div className="notice notice-error" role="alert">
        <p>{handoff.broken === 'port' ? t('auth.handoff.error.brokenPort') : t('auth.handoff.error.brokenRequest')}</p>
      </div>
    </section>
  );
}
