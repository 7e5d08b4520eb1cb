import { useCallback, useEffect, useState } from 'react';
import type { ShareStatus, ShareSummary } from '#shared/api/shares.ts';
import { formatDateTime, formatLongDate, formatSize, formatThousands } from '#shared/format.ts';
import type { MessageKey } from '#shared/i18n/translator.ts';
import { driveShares } from '../api.ts';
import { BusyNotice } from '../components/BusyNotice.tsx';
import { FailureNotice } from '../components/FailureNotice.tsx';
import { FilesEmpty } from '../components/files/FilesEmpty.tsx';
import { RequireUser } from '../components/RequireUser.tsx';
import { useSubmission } from '../components/useSubmission.ts';
import { useT } from '../i18n.ts';
import { PasscodeGuessing } from '../shares/PasscodeGuessing.tsx';

/** How each state of a share reads in the owner's list. */
const STATUS_LABELS: Record<ShareStatus, MessageKey> = {
  OK: 'myShares.status.ok',
  PASS_CODE_EMPTY: 'myShares.status.ok',
  PASS_CODE_ERROR: 'myShares.status.ok',
  MAX_RESTORE_COUNT: 'myShares.status.usedUp',
  EXPIRED: 'myShares.status.expired',
  DELETED: 'myShares.status.cancelled',
  SENSITIVE_RESOURCE: 'myShares.status.takenDown',
  SENSITIVE_WORD: 'myShares.status.takenDown',
  PROHIBITED: 'myShares.status.takenDown',
  AUDITING: 'myShares.status.auditing',
  NOT_FOUND: 'myShares.status.cancelled',
  // Its owner is signed out while disabled: the list never shows it to them.
  ACCOUNT_DISABLED: 'myShares.status.takenDown',
};

type Loaded = { status: 'loading' } | { status: 'failed'; error: unknown } | { status: 'ready'; shares: ShareSummary[] };

/** /drive/shares: the links the user made, with their counters; cancel one or several. */
export function MyShares() {
  return <RequireUser>{() => <MySharesPage />}</RequireUser>;
}

function MySharesPage() {
  const t = useT();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const { pending, failure, submit } = useSubmission();
  const reload = useCallback(() => {
    driveShares.mine().then(
      (shares) => setLoaded({ status: 'ready', shares }),
      (error: unknown) => setLoaded({ status: 'failed', error }),
    );
  }, []);
  useEffect(reload, [reload]);

  async function cancel(ids: readonly string[]) {
    if (await submit(() => driveShares.cancel(ids))) {
      setChosen(new Set());
      reload();
    }
  }

  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <section className="my-shares" aria-labelledby="my-shares-title">
      <h1 id="my-shares-title">{t('myShares.title')}</h1>
      {loaded.status === 'loading' && <BusyNotice text={t('drive.loading')} />}
      {loaded.status === 'failed' && <FailureNotice failure={loaded.error} onRetry={reload} />}
      {loaded.status === 'ready' && loaded.shares.length === 0 && <FilesEmpty title={t('myShares.empty.title')} hint={t('myShares.empty.hint')} />}
      {loaded.status === 'ready' && loaded.shares.length > 0 && (
        <>
          <div className="my-shares-actions">
            <button type="button" className="button danger" disabled={chosen.size === 0 || pending} onClick={() => void cancel([...chosen])}>
              {t('myShares.cancelChosen', { count: chosen.size })}
            </button>
          </div>
          {failure !== undefined && <FailureNotice failure={failure} />}
          <ul className="my-shares-list" aria-label={t('myShares.listLabel')}>
            {loaded.shares.map((share) => {
              const live = share.share_status !== 'DELETED';
              return (
                <li key={share.share_id} className="my-share">
                  <input
                    type="checkbox"
                    aria-label={t('myShares.choose', { title: share.title })}
                    checked={chosen.has(share.share_id)}
                    disabled={!live}
                    onChange={() => toggle(share.share_id)}
                  />
                  <div className="my-share-main">
                    <a className="my-share-title" href={share.share_url} target="_blank" rel="noopener">
                      {share.title}
                    </a>
                    <span className="my-share-facts">
                      <span>{t(STATUS_LABELS[share.share_status])}</span>
                      <span>{t('myShares.views', { count: formatThousands(share.view_count) })}</span>
                      <span>{t('myShares.saves', { count: formatThousands(share.restore_count) })}</span>
                      <span>{t('myShares.files', { count: formatThousands(share.file_num), size: formatSize(share.file_size) })}</span>
                      <span>
                        {share.expiration_at && share.expiration_at !== '-1'
                          ? t('share.expires', { date: formatLongDate(share.expiration_at) })
                          : t('share.neverExpires')}
                      </span>
                      <span>{t('myShares.created', { date: formatDateTime(share.create_time) })}</span>
                      {share.pass_code && <span>{t('myShares.passcode', { passcode: share.pass_code })}</span>}
                    </span>
                    <PasscodeGuessing share={share} />
                  </div>
                  {live && (
                    <button
                      type="button"
                      className="button secondary"
                      disabled={pending}
                      onClick={() => void cancel([share.share_id])}
                      aria-label={t('myShares.cancelOne', { title: share.title })}
                    >
                      {t('myShares.cancel')}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
