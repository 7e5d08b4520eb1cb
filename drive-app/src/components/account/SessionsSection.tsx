import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import type { SessionResource } from '#shared/api/accounts.ts';
import { useT } from '../../i18n.ts';
import { $sessions, loadSessions, revokeSession } from '../../stores/sessions.ts';
import { userStore } from '../../stores/user.ts';
import { BusyNotice } from '../BusyNotice.tsx';
import { FailureNotice } from '../FailureNotice.tsx';
import { SessionItem } from './SessionItem.tsx';

/** Where the user is signed in, with a way to end any one session or all of them. */
export function SessionsSection() {
  const t = useT();
  const titleId = useId();
  const state = useStore($sessions);
  const [revokingId, setRevokingId] = useState<string>();
  const [failure, setFailure] = useState<unknown>();

  async function revoke(session: SessionResource) {
    setRevokingId(session.id);
    setFailure(undefined);
    try {
      await revokeSession(session);
    } catch (caught) {
      setFailure(caught);
      // The list may be out of date (the session already ended elsewhere).
      void loadSessions();
    } finally {
      setRevokingId(undefined);
    }
  }

  async function signOutEverywhere() {
    setFailure(undefined);
    await userStore.signOutEverywhere().catch(setFailure);
  }

  return (
    <section className="account-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('account.sessions.title')}</h2>
      {state.status === 'loading' && <BusyNotice text={t('drive.loading')} />}
      {state.status === 'failed' && <FailureNotice failure={state.error} onRetry={() => void loadSessions()} />}
      {state.status === 'ready' && (
        <ul className="session-list">
          {state.sessions.map((session) => (
            <SessionItem key={session.id} session={session} revoking={revokingId === session.id} onRevoke={() => void revoke(session)} />
          ))}
        </ul>
      )}
      {failure !== undefined && <FailureNotice failure={failure} />}
      <div className="section-actions">
        <button type="button" className="button danger" onClick={() => void signOutEverywhere()}>
          {t('account.sessions.revokeAll')}
        </button>
        <p className="field-hint">{t('account.sessions.revokeAllHint')}</p>
      </div>
    </section>
  );
}
