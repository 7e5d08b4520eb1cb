import { type FormEvent, useEffect, useState } from 'react';
import type { CodeBatch } from '#shared/api/admin-client.ts';
import { formatDateTime, formatThousands } from '#shared/format.ts';
import { planLabel } from '#shared/premium.ts';
import { driveAdmin, drivePremium } from '../api.ts';
import { ConfirmDialog } from '../components/dialogs/ConfirmDialog.tsx';
import { FailureNotice } from '../components/FailureNotice.tsx';
import { LoadNotice } from '../components/LoadNotice.tsx';
import { useLoad } from '../components/useLoad.ts';
import { useSubmission } from '../components/useSubmission.ts';
import { useT } from '../i18n.ts';

/** Minted codes as a file to save: the CSV the server answered, which cannot be asked for again. */
type Minted = { url: string; fileName: string; count: number };

/** /admin/codes: mint activation codes for a plan (saved once, as CSV), see the batches, revoke one. */
export function ConsoleCodes() {
  const t = useT();
  const offer = useLoad(() => drivePremium.plans(), []);
  const batches = useLoad(() => driveAdmin.codeBatches(), []);
  const [planId, setPlanId] = useState('');
  const [count, setCount] = useState('10');
  const [validDays, setValidDays] = useState('365');
  const [minted, setMinted] = useState<Minted>();
  const [revoking, setRevoking] = useState<CodeBatch>();
  const [done, setDone] = useState('');
  const { pending, failure, submit } = useSubmission();
  // The file's address is this page's: let it go with the page.
  useEffect(() => () => minted && URL.revokeObjectURL(minted.url), [minted]);

  const plans = offer.state.status === 'ready' ? offer.state.value.plans : [];
  const chosenPlan = planId || plans[0]?.id || '';

  async function mint(event: FormEvent) {
    event.preventDefault();
    setDone('');
    await submit(async () => {
      const csv = await driveAdmin.mintCodes(chosenPlan, Number(count), Number(validDays));
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
      setMinted({ url, fileName: `nubo-codes-${chosenPlan}.csv`, count: Number(count) });
      batches.reload();
    });
  }

  return (
    <section className="console-page" aria-labelledby="console-codes-title">
      <h1 id="console-codes-title">{t('console.codes.title')}</h1>
      <h2>{t('console.codes.mintTitle')}</h2>
      {offer.state.status === 'failed' && <FailureNotice failure={offer.state.error} onRetry={offer.reload} />}
      {offer.state.status === 'ready' && plans.length === 0 && <p>{t('console.codes.noPlans')}</p>}
      {plans.length > 0 && (
        <form className="inline-form" onSubmit={(event) => void mint(event)}>
          <div className="field">
            <label htmlFor="console-code-plan">{t('console.codes.plan')}</label>
            <select id="console-code-plan" value={chosenPlan} onChange={(event) => setPlanId(event.target.value)}>
              {plans.map((plan) => (
                <option key={plan.id} value={plan.id}>
                  {plan.id} · {planLabel(plan, t)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="console-code-count">{t('console.codes.count')}</label>
            <input id="console-code-count" type="number" min="1" max="100000" required value={count} onChange={(event) => setCount(event.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="console-code-days">{t('console.codes.validDays')}</label>
            <input id="console-code-days" type="number" min="1" max="3650" required value={validDays} onChange={(event) => setValidDays(event.target.value)} />
          </div>
          <button type="submit" className="button" disabled={pending}>
            {t('console.codes.mint')}
          </button>
        </form>
      )}
      {failure !== undefined && <FailureNotice failure={failure} />}
      {minted && (
        <div className="notice notice-success" role="status">
          <p>{t('console.codes.minted', { count: formatThousands(minted.count) })}</p>
          <a className="button" href={minted.url} download={minted.fileName}>
            {t('console.codes.save')}
          </a>
        </div>
      )}
      <p className="console-done" role="status">
        {done}
      </p>

      <h2>{t('console.codes.batchesTitle')}</h2>
      <LoadNotice state={batches.state} reload={batches.reload} />
      {batches.state.status === 'ready' && batches.state.value.length === 0 && <p>{t('console.codes.noBatches')}</p>}
      {batches.state.status === 'ready' && batches.state.value.length > 0 && (
        <table className="console-table">
          <caption className="visually-hidden">{t('console.codes.batchesTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('console.codes.batch')}</th>
              <th scope="col">{t('console.codes.plan')}</th>
              <th scope="col">{t('console.codes.redeemed')}</th>
              <th scope="col">{t('console.codes.mintedAt')}</th>
              <th scope="col">{t('console.codes.expires')}</th>
              <th scope="col">{t('console.codes.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {batches.state.value.map((batch) => (
              <tr key={batch.batch}>
                <td>{batch.batch}</td>
                <td>{batch.plan_id}</td>
                <td>{t('console.codes.redeemedOf', { redeemed: formatThousands(batch.redeemed), codes: formatThousands(batch.codes) })}</td>
                <td>{formatDateTime(batch.created_at)}</td>
                <td>{formatDateTime(batch.expires_at)}</td>
                <td>
                  {batch.redeemed < batch.codes && (
                    <button type="button" className="button secondary" onClick={() => setRevoking(batch)}>
                      {t('console.codes.revoke')}
                      <span className="visually-hidden"> {batch.batch}</span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {revoking && (
        <ConfirmDialog
          title={t('console.codes.revokeTitle')}
          confirmLabel={t('console.codes.revoke')}
          onClose={() => setRevoking(undefined)}
          onConfirm={async () => {
            const { revoked } = await driveAdmin.revokeCodes(revoking.batch);
            setDone(t('console.codes.revoked', { count: formatThousands(revoked) }));
            batches.reload();
          }}
        >
          <p>{t('console.codes.revokeText', { batch: revoking.batch })}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
