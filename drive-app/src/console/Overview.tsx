import { lazy, Suspense } from 'react';
import { formatSize, formatThousands } from '#shared/format.ts';
import { driveAdmin } from '../api.ts';
import { BusyNotice } from '../components/BusyNotice.tsx';
import { LoadNotice } from '../components/LoadNotice.tsx';
import { useLoad } from '../components/useLoad.ts';
import { useT } from '../i18n.ts';
import { Fact } from './Fact.tsx';

// The chart library is the console's alone: it loads with this page, never with the drive.
const DailyChart = lazy(async () => ({ default: (await import('./DailyChart.tsx')).DailyChart }));

/** /admin: what the server holds, and sign-ups and uploads per day. */
export function ConsoleOverview() {
  const t = useT();
  const { state, reload } = useLoad(() => driveAdmin.overview(), []);
  return (
    <section className="console-page" aria-labelledby="console-overview-title">
      <h1 id="console-overview-title">{t('console.overview.title')}</h1>
      <LoadNotice state={state} reload={reload} />
      {state.status === 'ready' && (
        <>
          <dl className="console-facts">
            <Fact label={t('console.overview.users')} value={formatThousands(state.value.users)} />
            <Fact label={t('console.overview.storageUsed')} value={formatSize(state.value.storage_used)} />
            <Fact label={t('console.overview.storageStored')} value={formatSize(state.value.storage_stored)} />
            <Fact label={t('console.overview.blobs')} value={formatThousands(state.value.blobs)} />
            <Fact label={t('console.overview.shares')} value={formatThousands(state.value.shares)} />
            {Object.entries(state.value.tasks).map(([phase, count]) => (
              <Fact key={phase} label={t('console.overview.tasks', { phase })} value={formatThousands(count)} />
            ))}
          </dl>
          <Suspense fallback={<BusyNotice text={t('drive.loading')} />}>
            <DailyChart title={t('console.overview.signUpsPerDay')} days={state.value.sign_ups} />
            <DailyChart title={t('console.overview.uploadsPerDay')} days={state.value.uploads} />
          </Suspense>
        </>
      )}
    </section>
  );
}
