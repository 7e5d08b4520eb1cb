import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { UserProfile } from '#shared/api/accounts.ts';
import { ALL_FILES_PATH } from '#shared/app-paths.ts';
import { driveAccountMail } from '../api.ts';
import { BusyNotice } from '../components/BusyNotice.tsx';
import { FailureNotice } from '../components/FailureNotice.tsx';
import { useT } from '../i18n.ts';

/** /auth/verify?token=…: where the link mailed after sign-up leads; it confirms the address at once. */
export function ConfirmAddress() {
  const t = useT();
  const titleId = useId();
  const [query] = useSearchParams();
  const token = query.get('token') ?? '';
  const [confirmed, setConfirmed] = useState<UserProfile>();
  const [failure, setFailure] = useState<unknown>();
  // The link works once: a second run of the effect (React's development double run) must not spend it again.
  const asked = useRef<string>(undefined);

  useEffect(() => {
    if (asked.current === token) return;
    asked.current = token;
    driveAccountMail.confirmAddress(token).then(setConfirmed, setFailure);
  }, [token]);

  return (
    <section className="auth-card" aria-labelledby={titleId}>
      <h1 id={titleId}>{t('auth.verify.title')}</h1>
      {confirmed && (
        <>
          <p className="notice" role="status">
            {t('auth.verify.done', { email: confirmed.email })}
          </p>
          <p className="auth-switch">
            <Link to={ALL_FILES_PATH}>{t('files.allFiles')}</Link>
          </p>
        </>
      )}
      {failure !== undefined && <FailureNotice failure={failure} />}
      {!confirmed && failure === undefined && <BusyNotice text={t('auth.verify.working')} />}
    </section>
  );
}
