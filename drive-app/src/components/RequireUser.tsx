import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { signInPathFor } from '#shared/app-paths.ts';
import { useT } from '../i18n.ts';
import { $user, userStore } from '../stores/user.ts';
import type { UserInfo } from '../stores/user-store.ts';
import { BusyNotice } from './BusyNotice.tsx';
import { FailureNotice } from './FailureNotice.tsx';

/** Renders its page for the signed-in user; sends anyone else to sign in and back here. */
export function RequireUser({ children }: { children: (user: UserInfo) => ReactNode }) {
  const t = useT();
  const state = useStore($user);
  const { pathname, search } = useLocation();
  switch (state.status) {
    case 'signed-out':
      return <Navigate to={signInPathFor(`${pathname}${search}`)} replace />;
    case 'loading':
      return <BusyNotice text={t('drive.loading')} />;
    case 'failed':
      return <FailureNotice failure={state.error} onRetry={() => void userStore.refreshUser()} />;
    case 'signed-in':
      return children(state.user);
  }
}
