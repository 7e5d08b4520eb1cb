import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { REPORT_ACTIONS } from '#shared/api/admin.ts';
import type { ReportState } from '#shared/api/admin-client.ts';
import type { ShareReport } from '#shared/api/reports.ts';
import { consoleUserPath } from '#shared/app-paths.ts';
import { formatDateTime } from '#shared/format.ts';
import type { MessageKey } from '#shared/i18n/translator.ts';
import { driveAdmin } from '../api.ts';
import { ConfirmDialog } from '../components/dialogs/ConfirmDialog.tsx';
import { FailureNotice } from '../components/FailureNotice.tsx';
import { LoadNotice } from '../components/LoadNotice.tsx';
import { useLoad } from '../components/useLoad.ts';
import { useSubmission } from '../components/useSubmission.ts';
import { useT } from '../i18n.ts';
import { REPORT_REASON_LABELS } from '../shares/report-reasons.ts';
import { Fact } from './Fact.tsx';

/** How each outcome of a handled report reads. */
const OUTCOME_LABELS: Record<ShareReport['status'], MessageKey> = {
  OPEN: 'console.reports.open',
  DISMISSED: 'console.reports.outcomeDismissed',
  TAKEN_DOWN: 'console.reports.outcomeTakenDown',
  RESTORED: 'console.reports.outcomeRestored',
};

/** /admin/reports: the queue of reported shares (oldest first), and the reports handled. */
export function ConsoleReports() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const state: ReportState = params.get('state') === 'handled' ? 'handled' : 'open';
  return (
    <section className="console-page" aria-labelledby="console-reports-title">
      <h1 id="console-reports-title">{t('console.reports.title')}</h1>
      <div className="console-actions" role="group" aria-label={t('console.reports.which')}>
        <button type="button" className="button secondary" aria-pressed={state === 'open'} onClick={() => setParams({})}>
          {t('console.reports.open')}
        </button>
        <button type="button" className="button secondary" aria-pressed={state === 'handled'} onClick={() => setParams({ state: 'handled' })}>
          {t('console.reports.handled')}
        </button>
      </div>
      <ReportList key={state} state={state} />
    </section>
  );
}

type ReportAction = (typeof REPORT_ACTIONS)[number];

function ReportList({ state }: { state: ReportState }) {
  const t = useT();
  const { state: loaded, reload } = useLoad(() => driveAdmin.reports(state), [state]);
  const [done, setDone] = useState('');
  const [takingDown, setTakingDown] = useState<ShareReport>();
  const { pending, failure, submit } = useSubmission();

  async function resolve(report: ShareReport, action: ReportAction) {
    setDone('');
    const { shares } = await driveAdmin.resolveReport(report.id, action);
    const title = report.share_title;
    setDone(
      action === 'dismiss'
        ? t('console.reports.dismissed', { title })
        : action === 'take_down'
          ? t('console.reports.takenDown', { title, count: shares })
          : t('console.reports.restored', { title, count: shares }),
    );
    reload();
  }

  return (
    <>
      <p className="console-done" role="status">
        {done}
      </p>
      {failure !== undefined && <FailureNotice failure={failure} />}
      <LoadNotice state={loaded} reload={reload} />
      {loaded.status === 'ready' && loaded.value.reports.length === 0 && (
        <p>{state === 'open' ? t('console.reports.noneOpen') : t('console.reports.noneHandled')}</p>
      )}
      {loaded.status === 'ready' && loaded.value.reports.length > 0 && (
        <ul className="console-reports" aria-label={state === 'open' ? t('console.reports.open') : t('console.reports.handled')}>
          {loaded.value.reports.map((report) => (
            <li key={report.id} className="console-report">
              <h2>{report.share_title || t('console.reports.untitled')}</h2>
              <dl className="console-facts">
                <Fact label={t('console.reports.reason')} value={t(REPORT_REASON_LABELS[report.reason])} />
                <Fact label={t('console.reports.owner')} value={<Link to={consoleUserPath(report.owner_id)}>{report.owner_email}</Link>} />
                <Fact label={t('console.reports.received')} value={formatDateTime(report.created_at)} />
                <Fact label={t('console.reports.reporter')} value={report.reporter_email || t('console.reports.anonymous')} />
                {state === 'handled' && <Fact label={t('console.reports.outcome')} value={t(OUTCOME_LABELS[report.status])} />}
              </dl>
              {report.note && <blockquote className="console-report-note">{report.note}</blockquote>}
              <div className="console-actions">
                {/* The share as its visitors see it, in a tab of its own: what the report is about. */}
                <a className="button secondary" href={`/s/${encodeURIComponent(report.share_id)}`} target="_blank" rel="noopener">
                  {t('console.reports.preview', { title: report.share_title })}
                </a>
                {state === 'open' && (
                  <>
                    <button type="button" className="button danger" disabled={pending} onClick={() => setTakingDown(report)}>
                      {t('console.reports.takeDown')}
                    </button>
                    <button type="button" className="button secondary" disabled={pending} onClick={() => void submit(() => resolve(report, 'dismiss'))}>
                      {t('console.reports.dismiss')}
                    </button>
                  </>
                )}
                {report.status === 'TAKEN_DOWN' && (
                  <button type="button" className="button secondary" disabled={pending} onClick={() => void submit(() => resolve(report, 'restore'))}>
                    {t('console.reports.restore')}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {takingDown && (
        <ConfirmDialog
          title={t('console.reports.takeDownTitle')}
          confirmLabel={t('console.reports.takeDown')}
          onClose={() => setTakingDown(undefined)}
          onConfirm={() => resolve(takingDown, 'take_down')}
        >
          <p>{t('console.reports.takeDownText', { title: takingDown.share_title })}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
