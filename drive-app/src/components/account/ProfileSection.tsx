import { type FormEvent, useEffect, useId, useState } from 'react';
import type { Message } from '#shared/api/error-messages.ts';
import { formatLongDate } from '#shared/format.ts';
import { nameProblem } from '../../accounts/validation.ts';
import { driveAccountMail } from '../../api.ts';
import { useT } from '../../i18n.ts';
import { userStore } from '../../stores/user.ts';
import type { UserInfo } from '../../stores/user-store.ts';
import { NameField } from '../auth/AccountFields.tsx';
import { FailureNotice } from '../FailureNotice.tsx';
import { useSubmission } from '../useSubmission.ts';

/** The user's name (editable), masked e-mail address (whether confirmed) and the day they joined. */
export function ProfileSection({ user }: { user: UserInfo }) {
  const t = useT();
  const titleId = useId();
  const [name, setName] = useState(user.username);
  const [problem, setProblem] = useState<Message>();
  const [saved, setSaved] = useState(false);
  const { pending, failure, submit } = useSubmission();

  async function saveName(event: FormEvent) {
    event.preventDefault();
    const found = nameProblem(name);
    setProblem(found);
    setSaved(false);
    if (found) return;
    setSaved(await submit(() => userStore.rename(name.trim())));
  }

  return (
    <section className="account-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('account.profile.title')}</h2>
      <form className="inline-form" onSubmit={saveName} noValidate>
        <NameField label={t('account.profile.name')} value={name} onValueChange={setName} problem={problem} />
        <button type="submit" className="button secondary" disabled={pending}>
          {t('account.profile.save')}
        </button>
      </form>
      {saved && (
        <p className="notice notice-success" role="status">
          {t('account.profile.saved')}
        </p>
      )}
      {failure !== undefined && <FailureNotice failure={failure} />}
      <dl className="facts">
        <dt>{t('account.profile.email')}</dt>
        <dd>{user.email}</dd>
        {!user.emailVerified && <UnconfirmedAddress email={user.email} />}
        <dt>{t('account.profile.memberSince')}</dt>
        <dd>
          <time dateTime={user.createdAt}>{formatLongDate(user.createdAt)}</time>
        </dd>
      </dl>
    </section>
  );
}

/** An address not confirmed yet: said so, with the link sent again on demand, where the server sends mail. */
function UnconfirmedAddress({ email }: { email: string }) {
  const t = useT();
  const [mailOn, setMailOn] = useState(false);
  const [sent, setSent] = useState(false);
  const { pending, failure, submit } = useSubmission();
  useEffect(() => {
    driveAccountMail.status().then(
      (status) => setMailOn(status.mail),
      () => setMailOn(false),
    );
  }, []);
  if (!mailOn) return null;
  return (
    <dd className="unconfirmed-address">
      <p>{t('account.email.unconfirmed')}</p>
      {sent ? (
        <p className="notice notice-success" role="status">
          {t('account.email.sent', { email })}
        </p>
      ) : (
        <button type="button" className="button secondary" disabled={pending} onClick={() => void submit(driveAccountMail.sendConfirmationAgain).then(setSent)}>
          {t('account.email.sendAgain')}
        </button>
      )}
      {failure !== undefined && <FailureNotice failure={failure} />}
    </dd>
  );
}
