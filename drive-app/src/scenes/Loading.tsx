import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { signInPathFor } from '#shared/app-paths.ts';
import { afterSignInPath } from '../accounts/redirect.ts';
import { BusyNotice } from '../components/BusyNotice.tsx';
import { FailureNotice } from '../components/FailureNotice.tsx';
import { GoTo } from '../components/GoTo.tsx';
import { useT } from '../i18n.ts';
import { $user, userStore } from '../stores/user.ts';

type Outcome = { status: 'busy' } | { status: 'done'; next: string } | { status: 'failed'; failure: unknown };

/** /loading (SPEC §2.4), where a captcha sends the user back: loads who they are, then moves on. */
export function Loading() {
  const t = useT();
  const [query] = useSearchParams();
  const target = afterSignInPath(query, location.origin);
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome>({ status: 'busy' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (Try again) asks again
  useEffect(() => {
    let current = true;
    setOutcome({ status: 'busy' });
    void userStore.refreshUser().then(() => {
      if (!current) return;
      const state = $user.get();
      if (state.status === 'failed') setOutcome({ status: 'failed', failure: state.error });
      else setOutcome({ status: 'done', next: state.status === 'signed-in' ? target : signInPathFor(target) });
    });
    return () => {
      current = false;
    };
  }, [attempt, target]);

  switch (outcome.status) {
    case 'busy':
      return (
        <section className="auth-card" aria-busy="true">
          <BusyNotice text={t('loading.busy')} />
        </section>
      );
    case 'failed':
      return (
        <section className="auth-card">
          <h1>{t('loading.failedTitle')}</h1>
          <FailureNotice failure={outcome.failure} onRetry={() => setAttempt((n) => n + 1)} />
        </section>
      );
    case 'done':
      return <GoTo path={outcome.next} />;
  }
}
