import { useId } from 'react';
import type { HandoffClient } from '../../accounts/client-handoff.ts';
import { useT } from '../../i18n.ts';
import { BusyNotice } from '../BusyNotice.tsx';
import { FailureNotice } from '../FailureNotice.tsx';

export type HandoffAttempt = { status: 'busy' } | { status: 'failed'; failure: unknown };

type Props = { client: HandoffClient; attempt: HandoffAttempt; onRetry: () => void };

/** The sign-in being handed to the desktop app or the extension, or why that failed. */
export function HandoffProgress({ client, attempt, onRetry }: Props) {
  const t = useT();
  const titleId = useId();
  return (
    <section className="auth-card" aria-labelledby={titleId}>
      <h1 id={titleId}>{t('auth.title.connect')}</h1>
      {attempt.status === 'busy' ? (
        <BusyNotice text={client === 'desktop' ? t('auth.handoff.busy.desktop') : t('auth.handoff.busy.extension')} />
      ) : (
        <FailureNotice failure={attempt.failure} onRetry={onRetry} />
      )}
    </section>
  );
}
