import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { AdminUserDetail } from '#shared/api/admin.ts';
import { GRANT_KINDS, type GrantKind } from '#shared/api/premium.ts';
import { CONSOLE_USERS_PATH } from '#shared/app-paths.ts';
import { formatDateTime, formatSize, formatThousands } from '#shared/format.ts';
import type { MessageKey } from '#shared/i18n/translator.ts';
import { GrantList } from '#shared/ui/Premium.tsx';
import { driveAdmin } from '../api.ts';
import { SessionItem } from '../components/account/SessionItem.tsx';
import { BusyNotice } from '../components/BusyNotice.tsx';
import { ConfirmDialog } from '../components/dialogs/ConfirmDialog.tsx';
import { FailureNotice } from '../components/FailureNotice.tsx';
import { useLoad } from '../components/useLoad.ts';
import { useSubmission } from '../components/useSubmission.ts';
import { useT } from '../i18n.ts';
import { useAccountWords } from './account-words.ts';
import { Fact } from './Fact.tsx';

const GIB = 1024 ** 3;

const KIND_LABELS: Record<GrantKind, MessageKey> = {
  premium: 'console.user.kind.premium',
  storage: 'console.user.kind.storage',
  traffic: 'console.user.kind.traffic',
};

type Asking = 'disable' | 'sign-out' | 'remove-admin' | 'delete' | undefined;

/** /admin/users/:userId: one account — its use, its quota, its status and role, its sessions. */
export function ConsoleUser() {
  const t = useT();
  const userId = useParams().userId ?? '';
  const { state, reload } = useLoad(() => driveAdmin.user(userId), [userId]);
  return (
    <section className="console-page" aria-labelledby="console-user-title">
      <p>
        <Link to={CONSOLE_USERS_PATH}>{t('console.user.back')}</Link>
      </p>
      {state.status === 'loading' && <BusyNotice text={t('drive.loading')} />}
      {state.status === 'failed' && (
        <>
          <h1 id="console-user-title">{t('console.user.title')}</h1>
          <FailureNotice failure={state.error} onRetry={reload} />
        </>
      )}
      {state.status === 'ready' && <Account user={state.value} onChanged={reload} />}
    </section>
  );
}

function Account({ user, onChanged }: { user: AdminUserDetail; onChanged: () => void }) {
  const t = useT();
  const words = useAccountWords();
  const { pending, failure, submit } = useSubmission();
  const [done, setDone] = useState('');
  const [asking, setAsking] = useState<Asking>();
  const [quota, setQuota] = useState(user.storage_limit ? String(Number(user.storage_limit) / GIB) : '');

  /** Sends a change, then says what it did (`saying` may read the answer) and shows the account anew. */
  async function change<T>(send: () => Promise<T>, saying: string | ((answer: T) => string)) {
    setDone('');
    let answer: T | undefined;
    if (
      await submit(async () => {
        answer = await send();
      })
    ) {
      setDone(typeof saying === 'string' ? saying : saying(answer as T));
      onChanged();
    }
  }
  const update = (changes: Parameters<typeof driveAdmin.updateUser>[1], saying: string) => change(() => driveAdmin.updateUser(user.id, changes), saying);

  function saveQuota(event: FormEvent) {
    event.preventDefault();
    const bytes = Math.round(Number(quota) * GIB);
    void update({ storage_limit: String(bytes) }, t('console.user.quotaSaved'));
  }

  const disabled = user.status !== 'ACTIVE';
  const deleting = user.status === 'DELETING';
  const admin = user.role === 'admin';
  return (
    <>
      <h1 id="console-user-title">{user.email}</h1>
      <dl className="console-facts">
        <Fact label={t('console.user.name')} value={user.name} />
        <Fact label={t('console.user.id')} value={user.id} />
        <Fact label={t('console.users.role')} value={words.role(user.role)} />
        <Fact label={t('console.users.status')} value={words.status(user.status)} />
        <Fact label={t('console.user.addressConfirmed')} value={user.email_verified ? t('console.yes') : t('console.no')} />
        <Fact label={t('console.users.storageUsed')} value={formatSize(user.storage_used)} />
        <Fact label={t('console.user.quota')} value={user.storage_limit ? formatSize(user.storage_limit) : t('console.user.tierQuota')} />
        <Fact label={t('console.user.traffic')} value={formatSize(user.traffic_this_month)} />
        <Fact label={t('console.user.sessions')} value={formatThousands(user.active_sessions)} />
        <Fact label={t('console.users.created')} value={formatDateTime(user.created_at)} />
      </dl>

      {failure !== undefined && <FailureNotice failure={failure} />}
      <p className="console-done" role="status">
        {done}
      </p>

      <h2>{t('console.user.quotaTitle')}</h2>
      <form className="inline-form" onSubmit={saveQuota}>
        <div className="field">
          <label htmlFor="console-quota">{t('console.user.quotaGib')}</label>
          <input id="console-quota" type="number" min="0" step="any" required value={quota} onChange={(event) => setQuota(event.target.value)} />
        </div>
        <button type="submit" className="button" disabled={pending}>
          {t('console.user.saveQuota')}
        </button>
        {user.storage_limit && (
          <button
            type="button"
            className="button secondary"
            disabled={pending}
            onClick={() => void update({ storage_limit: '' }, t('console.user.quotaSaved'))}
          >
            {t('console.user.useTierQuota')}
          </button>
        )}
      </form>

      <h2>{t('console.user.accessTitle')}</h2>
      {deleting && <p className="notice notice-warning">{t('console.user.deleting', { date: formatDateTime(user.deletion_due_at) })}</p>}
      <div className="console-actions">
        {deleting ? (
          <button type="button" className="button" disabled={pending} onClick={() => void update({ status: 'ACTIVE' }, t('console.user.restored'))}>
            {t('console.user.restoreAccount')}
          </button>
        ) : disabled ? (
          <button type="button" className="button" disabled={pending} onClick={() => void update({ status: 'ACTIVE' }, t('console.user.enabled'))}>
            {t('console.user.enable')}
          </button>
        ) : (
          <button type="button" className="button danger" disabled={pending} onClick={() => setAsking('disable')}>
            {t('console.user.disable')}
          </button>
        )}
        <button type="button" className="button secondary" disabled={pending || user.active_sessions === 0} onClick={() => setAsking('sign-out')}>
          {t('console.user.signOutEverywhere')}
        </button>
        {admin ? (
          <button type="button" className="button secondary" disabled={pending} onClick={() => setAsking('remove-admin')}>
            {t('console.user.removeAdmin')}
          </button>
        ) : (
          <button type="button" className="button secondary" disabled={pending} onClick={() => void update({ role: 'admin' }, t('console.user.madeAdmin'))}>
            {t('console.user.makeAdmin')}
          </button>
        )}
        {!deleting && (
          <button type="button" className="button danger" disabled={pending} onClick={() => setAsking('delete')}>
            {t('console.user.delete')}
          </button>
        )}
      </div>

      <GiveGrant userId={user.id} onGiven={() => change(async () => {}, t('console.user.given'))} />
      <GrantList grants={user.grants} t={t} title={t('console.user.grantsTitle')} />

      <h2>{t('console.user.sessionsTitle')}</h2>
      {user.sessions.length === 0 ? (
        <p>{t('console.user.noSessions')}</p>
      ) : (
        <ul className="session-list">
          {user.sessions.map((session) => (
            <SessionItem key={session.id} session={session} />
          ))}
        </ul>
      )}

      {asking === 'disable' && (
        <ConfirmDialog
          title={t('console.user.disableTitle')}
          confirmLabel={t('console.user.disable')}
          onClose={() => setAsking(undefined)}
          onConfirm={() => change(() => driveAdmin.updateUser(user.id, { status: 'DISABLED' }), t('console.user.disabled'))}
        >
          <p>{t('console.user.disableText', { email: user.email })}</p>
        </ConfirmDialog>
      )}
      {asking === 'delete' && (
        <ConfirmDialog
          title={t('console.user.deleteTitle')}
          confirmLabel={t('console.user.delete')}
          onClose={() => setAsking(undefined)}
          onConfirm={() =>
            change(
              () => driveAdmin.deleteAccount(user.id),
              (scheduled) => t('console.user.deleteScheduled', { date: formatDateTime(scheduled.deletion_due_at) }),
            )
          }
        >
          <p>{t('console.user.deleteText', { email: user.email })}</p>
        </ConfirmDialog>
      )}
      {asking === 'sign-out' && (
        <ConfirmDialog
          title={t('console.user.signOutTitle')}
          confirmLabel={t('console.user.signOutEverywhere')}
          onClose={() => setAsking(undefined)}
          onConfirm={() => change(() => driveAdmin.signOutEverywhere(user.id), t('console.user.signedOut'))}
        >
          <p>{t('console.user.signOutText', { email: user.email })}</p>
        </ConfirmDialog>
      )}
      {asking === 'remove-admin' && (
        <ConfirmDialog
          title={t('console.user.removeAdminTitle')}
          confirmLabel={t('console.user.removeAdmin')}
          onClose={() => setAsking(undefined)}
          onConfirm={() => change(() => driveAdmin.updateUser(user.id, { role: 'user' }), t('console.user.adminRemoved'))}
        >
          <p>{t('console.user.removeAdminText', { email: user.email })}</p>
        </ConfirmDialog>
      )}
    </>
  );
}

/** Premium, storage or download traffic given by the operator, for a number of days. */
function GiveGrant({ userId, onGiven }: { userId: string; onGiven: () => void }) {
  const t = useT();
  const [kind, setKind] = useState<GrantKind>('premium');
  const [days, setDays] = useState('30');
  const [gib, setGib] = useState('10');
  const { pending, failure, submit } = useSubmission();

  async function give(event: FormEvent) {
    event.preventDefault();
    const terms = kind === 'premium' ? { kind, days: Number(days) } : { kind, days: Number(days), bytes: Math.round(Number(gib) * GIB) };
    if (await submit(() => driveAdmin.grant(userId, terms))) onGiven();
  }

  return (
    <>
      <h2>{t('console.user.giveTitle')}</h2>
      <form className="inline-form" onSubmit={(event) => void give(event)}>
        <div className="field">
          <label htmlFor="console-grant-kind">{t('console.user.giveKind')}</label>
          <select id="console-grant-kind" value={kind} onChange={(event) => setKind(event.target.value as GrantKind)}>
            {GRANT_KINDS.map((option) => (
              <option key={option} value={option}>
                {t(KIND_LABELS[option])}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="console-grant-days">{t('console.user.giveDays')}</label>
          <input id="console-grant-days" type="number" min="1" max="36600" required value={days} onChange={(event) => setDays(event.target.value)} />
        </div>
        {kind !== 'premium' && (
          <div className="field">
            <label htmlFor="console-grant-gib">{t('console.user.giveGib')}</label>
            <input id="console-grant-gib" type="number" min="0.001" step="any" required value={gib} onChange={(event) => setGib(event.target.value)} />
          </div>
        )}
        <button type="submit" className="button" disabled={pending}>
          {t('console.user.give')}
        </button>
      </form>
      {failure !== undefined && <FailureNotice failure={failure} />}
    </>
  );
}
