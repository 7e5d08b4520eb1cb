import { useEffect, useState } from 'react';
import { CLIENT_IDS } from '#shared/accounts/clients.ts';
import { ApiError, createApiClient } from '#shared/api/client.ts';
import type { DeviceCodes } from '#shared/api/device-sign-in.ts';
import { deviceSignInApi } from '#shared/api/device-sign-in-client.ts';
import { FailureNotice } from '../components/FailureNotice.tsx';
import { useT } from '../i18n.ts';
import { $locale } from '../stores/locale.ts';
import { userStore } from '../stores/user.ts';
import { QrCode } from './QrCode.tsx';

/** What a poll answers while the person has not yet decided (RFC 8628 §3.5): not failures to log. */
const STILL_WAITING = new Set(['authorization_pending', 'slow_down']);

// The TV page signs in as the web app does, with httpOnly cookies: the device sign-in's polls are
// its own client only so that waiting is not logged as a failure every five seconds.
const devicePolls = deviceSignInApi(
  createApiClient({
    locale: () => $locale.get(),
    log: (error) => {
      if (!STILL_WAITING.has(error.error)) console.error(`[api] ${error.status} ${error.error}: ${error.message}`);
    },
  }),
);

type Shown = { status: 'asking' } | { status: 'showing'; codes: DeviceCodes } | { status: 'refused' } | { status: 'failed'; error: unknown };

/**
 * The TV page's sign-in: a code and a QR code to open on a phone or computer where the person is
 * signed in (DEVICE_SIGN_IN_PATH), and the page lets itself in once they confirm. Expired codes are
 * replaced by new ones without anyone pressing anything.
 */
export function TvSignIn() {
  const t = useT();
  const [shown, setShown] = useState<Shown>({ status: 'asking' });
  const [round, setRound] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each round asks for new codes
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const wait = (seconds: number, then: () => void) => {
      timer = setTimeout(then, seconds * 1000);
    };
    async function poll(codes: DeviceCodes, interval: number) {
      if (stopped) return;
      try {
        const session = await devicePolls.poll(codes.device_code, CLIENT_IDS.web);
        if (!stopped) await userStore.signInWithDeviceSession(session);
      } catch (failure) {
        if (stopped) return;
        const reason = failure instanceof ApiError ? failure.error : '';
        if (reason === 'authorization_pending') return wait(interval, () => void poll(codes, interval));
        // RFC 8628 §3.5: five seconds more between polls from now on.
        if (reason === 'slow_down') return wait(interval + 5, () => void poll(codes, interval + 5));
        if (reason === 'expired_token') return setRound((n) => n + 1);
        if (reason === 'access_denied') return setShown({ status: 'refused' });
        setShown({ status: 'failed', error: failure });
      }
    }
    devicePolls.request(CLIENT_IDS.web).then(
      (codes) => {
        if (stopped) return;
        setShown({ status: 'showing', codes });
        wait(codes.interval, () => void poll(codes, codes.interval));
      },
      (error: unknown) => !stopped && setShown({ status: 'failed', error }),
    );
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [round]);

  return (
    <section className="tv-sign-in" aria-labelledby="tv-sign-in-title">
      <h1 id="tv-sign-in-title">{t('tv.signIn.title')}</h1>
      {shown.status === 'asking' && <p className="tv-hint">{t('tv.signIn.asking')}</p>}
      {shown.status === 'showing' && (
        <div className="tv-sign-in-steps">
          <ol className="tv-hint">
            <li>{t('tv.signIn.open', { address: shown.codes.verification_uri })}</li>
            <li>{t('tv.signIn.type')}</li>
          </ol>
          <output className="tv-user-code" aria-label={t('tv.signIn.codeLabel')}>
            {shown.codes.user_code}
          </output>
          <QrCode text={shown.codes.verification_uri_complete} label={t('tv.signIn.qrLabel')} />
        </div>
      )}
      {shown.status === 'refused' && (
        <>
          <p className="tv-hint" role="alert">
            {t('tv.signIn.refused')}
          </p>
          <button type="button" className="tv-tile tv-again" ref={(button) => button?.focus()} onClick={() => setRound((n) => n + 1)}>
            {t('tv.signIn.newCode')}
          </button>
        </>
      )}
      {shown.status === 'failed' && <FailureNotice failure={shown.error} onRetry={() => setRound((n) => n + 1)} />}
    </section>
  );
}
