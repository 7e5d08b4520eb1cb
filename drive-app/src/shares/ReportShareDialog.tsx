import { type FormEvent, useId, useState } from 'react';
import { REPORT_NOTE_MAX_LENGTH, REPORT_REASONS, type ReportReason } from '#shared/api/reports.ts';
import { driveReports } from '../api.ts';
import { BusyNotice } from '../components/BusyNotice.tsx';
import { Dialog } from '../components/dialogs/Dialog.tsx';
import { FailureNotice } from '../components/FailureNotice.tsx';
import { useSubmission } from '../components/useSubmission.ts';
import { useT } from '../i18n.ts';
import { REPORT_REASON_LABELS } from './report-reasons.ts';

/** Telling the server's operator what is wrong with a share: a reason, and a note if the visitor likes. */
export function ReportShareDialog({ shareId, onClose }: { shareId: string; onClose(): void }) {
  const t = useT();
  const noteId = useId();
  const [reason, setReason] = useState<ReportReason>();
  const [note, setNote] = useState('');
  const [sent, setSent] = useState(false);
  const { pending, failure, submit } = useSubmission();

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!reason) return;
    setSent(await submit(() => driveReports.report(shareId, reason, note)));
  }

  return (
    <Dialog title={t('share.report.title')} onClose={onClose}>
      {sent ? (
        <p className="notice notice-success" role="status">
          {t('share.report.sent')}
        </p>
      ) : (
        <form className="report-form" onSubmit={send}>
          <p>{t('share.report.lead')}</p>
          <fieldset className="choice-group">
            <legend>{t('share.report.reason')}</legend>
            {REPORT_REASONS.map((value, index) => (
              <label key={value}>
                <input
                  type="radio"
                  name="reason"
                  value={value}
                  checked={reason === value}
                  onChange={() => setReason(value)}
                  required
                  {...(index === 0 ? { 'data-autofocus': true } : {})}
                />
                {t(REPORT_REASON_LABELS[value])}
              </label>
            ))}
          </fieldset>
          <label htmlFor={noteId}>{t('share.report.note')}</label>
          <textarea id={noteId} value={note} maxLength={REPORT_NOTE_MAX_LENGTH} rows={3} onChange={(event) => setNote(event.target.value)} />
          {pending && <BusyNotice text={t('share.report.send')} />}
          {!pending && failure !== undefined && <FailureNotice failure={failure} />}
          <button type="submit" className="button primary" disabled={pending || !reason}>
            {t('share.report.send')}
          </button>
        </form>
      )}
    </Dialog>
  );
}
