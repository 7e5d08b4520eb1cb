import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { BusyNotice } from '../components/BusyNotice.tsx';
import { FailureNotice } from '../components/FailureNotice.tsx';
import { useT } from '../i18n.ts';
import { $user, userStore } from '../stores/user.ts';
import { TvHome } from '../tv/TvHome.tsx';
import { TvSignIn } from '../tv/TvSignIn.tsx';

/**
 * /tv: the drive on a TV (TV_PATH). Signed out, it shows a code to confirm on a phone; signed in,
 * the rows of videos and folders. Dark and large, for a screen seen from a sofa.
 */
export function Tv() {
  const t = useT();
  const state = useStore($user);
  useEffect(() => {
    document.documentElement.classList.add('tv');
    return () => document.documentElement.classList.remove('tv');
  }, []);
  return (
    <main className="tv-page">
      {state.status === 'loading' && <BusyNotice text={t('drive.loading')} />}
      {state.status === 'failed' && <FailureNotice failure={state.error} onRetry={() => void userStore.refreshUser()} />}
      {state.status === 'signed-out' && <TvSignIn />}
      {state.status === 'signed-in' && <TvHome />}
    </main>
  );
}
