import { useState } from 'react';
import { useT } from '../../i18n.ts';
import { userStore } from '../../stores/user.ts';
import { FailureNotice } from '../FailureNotice.tsx';

/** Signing out of this device. */
export function SignOutSection() {
  const t = useT();
  const [failure, setFailure] = useState<unknown>();
  return (
    <section className="account-section">
      <button
        type="button"
        className="button secondary"
        onClick={() => {
          setFailure(undefined);
          userStore.signOut().catch(setFailure);
        }}
      >
        {t('account.signOut')}
      </button>
      {failure !== undefined && <FailureNotice failure={failure} />}
    </section>
  );
}
