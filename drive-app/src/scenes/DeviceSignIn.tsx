import { type FormEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CLIENT_IDS } from '#shared/accounts/clients.ts';
import { normaliseUserCode, USER_CODE_LENGTH } from '#shared/accounts/user-codes.ts';
import { ApiError } from '#shared/api/client.ts';
import type { DeviceRequestResource } from '#shared/api/device-sign-in.ts';
import { ACCOUNT_PATH } from '#shared/app-paths.ts';
import { formatDateTime } from '#shared/format.ts';
import type { MessageKey } from '#shared/i18n/translator.ts';
import { TextField } from '#shared/ui/TextField.tsx';
import { driveDeviceSignIn } from '../api.ts';
import { BusyNotice } from '../components/BusyNotice.tsx';
import { FailureNotice } from '../components/FailureNotice.tsx';
import { RequireUser } from '../components/RequireUser.tsx';
import { useSubmission } from '../components/useSubmission.ts';
import { useT } from '../i18n.ts';

/** The apps that sign in with a code, by name. */
const DEVICE_APPS: Record<string, MessageKey> = { [CLIENT_IDS.tv]: 'account.sessions.client.tv', [CLIENT_IDS.web]: 'device.app.tvPage' };

/**
 * /auth/device (?code=…): where a person types the code a TV shows, sees which device asks (app,
 * device, address, time) and lets it in or refuses it. Signed out, they sign in first and come
 * back here with the code kept.
 */
export function DeviceSignIn() {
  const t = useT();
  const titleId = useId();
  return (
    <section className="auth-card" aria-labelledby={titleId}>
      <h1 id={titleId}>{t('device.title')}</h1>
      <RequireUser>{() => <DeviceCodeSteps />}</RequireUser>
    </section>
  );
}

function DeviceCodeSteps() {
  const t = useT();
  const [query] = useSearchParams();
  const [typed, setTyped] = useState(query.get('code') ?? '');
  const [invalid, setInvalid] = useState(false);
  const [request, setRequest] = useState<DeviceRequestResource>();
  const [decided, setDecided] = useState<'approved' | 'refused'>();
  const { pending, failure, submit, clearFailure } = useSubmission();

  async function look(event: FormEvent) {
    event.preventDefault();
    const code = normaliseUserCode(typed);
    setInvalid(!code);
    if (code) await submit(async () => setRequest(await driveDeviceSignIn.describe(code)));
  }

  async function decide(approve: boolean) {
    if (request && (await submit(() => driveDeviceSignIn.decide(request.user_code, approve)))) setDecided(approve ? 'approved' : 'refused');
  }

  function startAgain() {
    setRequest(undefined);
    setDecided(undefined);
    setTyped('');
    clearFailure();
  }

  const failed = !pending && failure !== undefined && <DeviceFailure failure={failure} />;

  if (decided) {
    return (
      <>
        <p className="notice" role="status">
          {t(decided === 'approved' ? 'device.approved' : 'device.refused')}
        </p>
        <p className="auth-switch">
          {decided === 'approved' ? <Link to={ACCOUNT_PATH}>{t('device.sessionsLink')}</Link> : null}{' '}
          <button type="button" className="button secondary" onClick={startAgain}>
            {t('device.another')}
          </button>
        </p>
      </>
    );
  }

  if (request) {
    const app = DEVICE_APPS[request.client_id];
    return (
      <div className="auth-form" aria-busy={pending}>
        <p className="auth-intro">{t('device.asks', { app: app ? t(app) : request.client_id })}</p>
        <dl className="facts">
          <dt>{t('device.code')}</dt>
          <dd>{request.user_code}</dd>
          <dt>{t('device.device')}</dt>
          <dd>{request.device || t('account.sessions.unknownDevice')}</dd>
          <dt>{t('account.sessions.ip')}</dt>
          <dd>{request.ip}</dd>
          <dt>{t('device.askedAt')}</dt>
          <dd>
            <time dateTime={request.requested_at}>{formatDateTime(request.requested_at)}</time>
          </dd>
        </dl>
        <p className="notice notice-warning">{t('device.warning')}</p>
        {pending && <BusyNotice text={t('device.working')} />}
        {failed}
        <div className="dialog-actions">
          <button type="button" className="button secondary" disabled={pending} onClick={() => void decide(false)}>
            {t('device.refuse')}
          </button>
          <button type="button" className="button primary" disabled={pending} onClick={() => void decide(true)}>
            {t('device.approve')}
          </button>
        </div>
      </div>
    );
  }

  return (
    <form className="auth-form" onSubmit={look} noValidate aria-busy={pending}>
      <p className="auth-intro">{t('device.lead')}</p>
      <TextField
        label={t('device.code')}
        name="user-code"
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={USER_CODE_LENGTH * 2}
        value={typed}
        onValueChange={(value) => {
          setTyped(value);
          setInvalid(false);
        }}
        error={invalid ? t('device.invalidCode', { length: USER_CODE_LENGTH }) : undefined}
      />
      {pending && <BusyNotice text={t('device.working')} />}
      {failed}
      <button type="submit" className="button primary" disabled={pending}>
        {t('device.continue')}
      </button>
    </form>
  );
}

/** A code nobody can use (wrong, used or expired) is said so in the page's own words; anything else as everywhere. */
function DeviceFailure({ failure }: { failure: unknown }) {
  const t = useT();
  if (failure instanceof ApiError && failure.error === 'not_found')
    return (
      <p className="notice notice-error" role="alert">
        {t('device.notFound')}
      </p>
    );
  return <FailureNotice failure={failure} />;
}
