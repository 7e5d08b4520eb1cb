import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ALL_FILES_PATH, signInPathFor } from '#shared/app-paths.ts';
import { BusyNotice } from '../components/BusyNotice.tsx';
import { GoTo } from '../components/GoTo.tsx';
import { useT } from '../i18n.ts';
import { claimFreePremium, keepInviteCode } from '../stores/free-premium.ts';
import { $user, userStore } from '../stores/user.ts';

/**
 * /referral?code=… (SPEC §2.4), where an invite link leads: the code is kept, then someone signed
 * in joins through it at once, and anyone else signs up first (joining when they have).
 */
export function Referral() {
  const t = useT();
  const [query] = useSearchParams();
  const [next, setNext] = useState<string>();

  useEffect(() => {
    keepInviteCode(query.get('code') ?? '');
    void userStore.refreshUser().then(async () => {
      if ($user.get().status !== 'signed-in') return setNext(signInPathFor(ALL_FILES_PATH));
      await claimFreePremium();
      setNext(ALL_FILES_PATH);
    });
  }, [query]);

  return next ? <GoTo path={next} /> : <BusyNotice text={t('invite.joining')} />;
}
