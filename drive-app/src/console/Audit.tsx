import { Link } from 'react-router';
import { consoleUserPath } from '#shared/app-paths.ts';
import { formatDateTime } from '#shared/format.ts';
import type { MessageKey } from '#shared/i18n/translator.ts';
import { driveAdmin } from '../api.ts';
import { LoadNotice } from '../components/LoadNotice.tsx';
import { useT } from '../i18n.ts';
import { usePages } from './usePages.tsx';

/** What each action of the audit log reads as; an action this version does not know shows as written. */
const ACTION_LABELS: Record<string, MessageKey> = {
  'user.quota': 'console.audit.action.quota',
  'user.status': 'console.audit.action.status',
  'user.role': 'console.audit.action.role',
  'user.sign_out': 'console.audit.action.signOut',
  'user.grant': 'console.audit.action.grant',
  'user.delete': 'console.audit.action.delete',
  'codes.mint': 'console.audit.action.mint',
  'codes.revoke': 'console.audit.action.revoke',
  'report.dismiss': 'console.audit.action.dismiss',
  'report.take_down': 'console.audit.action.takeDown',
  'report.restore': 'console.audit.action.restore',
};

/** Actions on an account, whose target is one to open in the console. */
const ACCOUNT_ACTIONS = new Set(['user.quota', 'user.status', 'user.role', 'user.sign_out', 'user.grant', 'user.delete']);

/** /admin/audit: every operator action, newest first, by whom and on what. */
export function ConsoleAudit() {
  const t = useT();
  const {
    state,
    reload,
    items: entries,
    moreButton,
  } = usePages(async (token) => {
    const page = await driveAdmin.audit(token);
    return { items: page.entries, next: page.next_page_token };
  }, []);
  const first = state.status === 'ready' ? state.value : undefined;
  return (
    <section className="console-page" aria-labelledby="console-audit-title">
      <h1 id="console-audit-title">{t('console.audit.title')}</h1>
      <LoadNotice state={state} reload={reload} />
      {first && first.items.length === 0 && <p>{t('console.audit.none')}</p>}
      {entries.length > 0 && (
        <table className="console-table">
          <caption className="visually-hidden">{t('console.audit.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('console.audit.when')}</th>
              <th scope="col">{t('console.audit.who')}</th>
              <th scope="col">{t('console.audit.what')}</th>
              <th scope="col">{t('console.audit.target')}</th>
              <th scope="col">{t('console.audit.details')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td>{formatDateTime(entry.created_at)}</td>
                <td>{entry.admin_email}</td>
                <td>{ACTION_LABELS[entry.action] ? t(ACTION_LABELS[entry.action]!) : entry.action}</td>
                <td>{ACCOUNT_ACTIONS.has(entry.action) ? <Link to={consoleUserPath(entry.target_id)}>{entry.target_id}</Link> : entry.target_id}</td>
                <td>
                  <code>{JSON.stringify(entry.details)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {moreButton}
    </section>
  );
}
