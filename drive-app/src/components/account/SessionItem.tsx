import { CLIENT_IDS } from '#shared/accounts/clients.ts';
import type { SessionResource } from '#shared/api/accounts.ts';
import { formatDateTime } from '#shared/format.ts';
import type { MessageKey } from '#shared/i18n/translator.ts';
import { useT } from '../../i18n.ts';

const CLIENT_LABELS: Record<string, MessageKey> = {
  [CLIENT_IDS.web]: 'account.sessions.client.web',
  [CLIENT_IDS.desktop]: 'account.sessions.client.desktop',
  [CLIENT_IDS.extension]: 'account.sessions.client.extension',
  [CLIENT_IDS.tv]: 'account.sessions.client.tv',
};

/** `onRevoke`: ends this session; without it (the console's view of another account) it is only shown. */
type Props = { session: SessionResource; revoking?: boolean; onRevoke?: () => void };

/** One place the user is signed in: which device and app, from where, when last used. */
export function SessionItem({ session, revoking, onRevoke }: Props) {
  const t = useT();
  const clientLabel = CLIENT_LABELS[session.client_id];
  return (
    <li className="session-item" aria-current={session.current ? 'true' : undefined}>
      <div className="session-device">
        <strong>{session.device || t('account.sessions.unknownDevice')}</strong>
        {session.current && <span className="badge">{t('account.sessions.thisDevice')}</span>}
      </div>
      <dl className="facts">
        <dt>{t('account.sessions.app')}</dt>
        <dd>{clientLabel ? t(clientLabel) : session.client_id}</dd>
        <dt>{t('account.sessions.ip')}</dt>
        <dd>{session.ip}</dd>
        <dt>{t('account.sessions.lastSeen')}</dt>
        <dd>
          <time dateTime={session.last_seen_at}>{formatDateTime(session.last_seen_at)}</time>
        </dd>
      </dl>
      {onRevoke && (
        <button type="button" className="button secondary" disabled={revoking} onClick={onRevoke}>
          {t('account.sessions.revoke')}
        </button>
      )}
    </li>
  );
}
