import { useEffect, useId, useState } from 'react';
import type { InviteCode, InviteInfo } from '#shared/api/invitations.ts';
import { planLabel } from '#shared/premium.ts';
import { driveInvitations } from '../../api.ts';
import { useT } from '../../i18n.ts';
import { FailureNotice } from '../FailureNotice.tsx';

type Loaded = { code: InviteCode; info: InviteInfo };

/**
 * Inviting friends (SPEC §4 free premium): what each side gets, the link to copy, and how many
 * joined. Not shown on a server that gives nothing for invitations.
 */
export function InvitePanel() {
  const t = useT();
  const headingId = useId();
  const linkId = useId();
  const [loaded, setLoaded] = useState<Loaded | { failure: unknown }>();
  const [copied, setCopied] = useState<'yes' | 'no'>();

  useEffect(() => {
    Promise.all([driveInvitations.code(), driveInvitations.info()]).then(
      ([code, info]) => setLoaded({ code, info }),
      (failure: unknown) => setLoaded({ failure }),
    );
  }, []);

  // Nothing shows until it is known whether this server gives anything for invitations.
  if (!loaded || ('code' in loaded && !loaded.info.rewards)) return null;
  const copy = (link: string) =>
    navigator.clipboard.writeText(link).then(
      () => setCopied('yes'),
      () => setCopied('no'),
    );

  return (
    <section className="panel invite-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('invite.title')}</h2>
      {'failure' in loaded && <FailureNotice failure={loaded.failure} />}
      {'code' in loaded && loaded.info.rewards && (
        <>
          <p>{t('invite.rewards', { invitee: planLabel(loaded.info.rewards.invitee, t), inviter: planLabel(loaded.info.rewards.inviter, t) })}</p>
          <p>{t('invite.left', { left: loaded.info.rewards_left })}</p>
          <div className="field">
            <label htmlFor={linkId}>{t('invite.link')}</label>
            <input id={linkId} readOnly value={loaded.code.link} onFocus={(event) => event.target.select()} />
          </div>
          <button type="button" className="button secondary" onClick={() => void copy(loaded.code.link)}>
            {t('invite.copy')}
          </button>
          <p className="status" role="status" aria-live="polite">
            {copied === 'yes' ? t('invite.copied') : copied === 'no' ? t('invite.copyFailed') : ''}
          </p>
          <p data-invited={loaded.info.invited_nums}>{t('invite.joined', { count: loaded.info.invited_nums, days: loaded.info.add_days })}</p>
        </>
      )}
    </section>
  );
}
