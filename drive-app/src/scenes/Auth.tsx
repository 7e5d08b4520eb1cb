import { useStore } from '@nanostores/react';
import { useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type ClientHandoff, clientHandoffFrom, handOffSignIn, isBrokenHandoff } from '../accounts/client-handoff.ts';
import { afterSignInPath } from '../accounts/redirect.ts';
import { isUnauthenticated } from '../accounts/session-refresh.ts';
import { api } from '../api.ts';
import { BrokenHandoff } from '../components/auth/BrokenHandoff.tsx';
import { ContinueAs } from '../components/auth/ContinueAs.tsx';
import { type HandoffAttempt, HandoffProgress } from '../components/auth/HandoffProgress.tsx';
import { SignInOrUp } from '../components/auth/SignInOrUp.tsx';
import { BusyNotice } from '../components/BusyNotice.tsx';
import { FailureNotice } from '../components/FailureNotice.tsx';
import { GoTo } from '../components/GoTo.tsx';
import { useT } from '../i18n.ts';
import { $user, userStore } from '../stores/user.ts';
import type { OnCheckingRobot, SignInInput, SignUpInput } from '../stores/user-store.ts';

/** /auth and /drive/login: sign in or up, for the web app or for another Nubo app (SPEC §2.6). */
export function Auth() {
  const [query] = useSearchParams();
  const handoff = useMemo(() => clientHandoffFrom(query), [query]);
  if (!handoff) return <WebSignIn target={afterSignInPath(query, location.origin)} />;
  if (isBrokenHandoff(handoff)) return <BrokenHandoff handoff={handoff} />;
  return <ClientSignIn handoff={handoff} />;
}

/** Signing in to this web app: once signed in, the page the user came for opens. */
function WebSignIn({ target }: { target: string }) {
  const state = useStore($user);
  switch (state.status) {
    case 'signed-in':
      return <GoTo path={target} />;
    case 'loading':
      return <LoadingUser />;
    case 'failed':
      return <UserLoadFailed failure={state.error} />;
    case 'signed-out':
      return <SignInOrUp onSignIn={userStore.signIn} onSignUp={userStore.signUp} />;
  }
}

/** Signing in the desktop app or the browser extension: the code goes to it once the user agrees. */
function ClientSignIn({ handoff }: { handoff: ClientHandoff }) {
  const t = useT();
  const state = useStore($user);
  const [attempt, setAttempt] = useState<HandoffAttempt>();
  const [switchFailure, setSwitchFailure] = useState<unknown>();
  // Signing in on this page is the user's consent: the hand-off follows without asking again.
  const signedInHere = useRef(false);
  const intro = handoff.client === 'desktop' ? t('auth.handoff.desktop.intro') : t('auth.handoff.extension.intro');

  async function handOff() {
    setAttempt({ status: 'busy' });
    try {
      location.assign(await handOffSignIn(handoff, { api }));
    } catch (failure) {
      console.error(`[auth] could not hand the sign-in to the ${handoff.client} client`, failure);
      // A session that ended meanwhile shows the sign-in form again rather than a dead end.
      setAttempt(isUnauthenticated(failure) ? undefined : { status: 'failed', failure });
    }
  }

  function signedInThen<Input>(signIn: (input: Input, onCheckingRobot: OnCheckingRobot) => Promise<unknown>) {
    return async (input: Input, onCheckingRobot: OnCheckingRobot) => {
      signedInHere.current = true;
      try {
        await signIn(input, onCheckingRobot);
      } catch (failure) {
        signedInHere.current = false;
        throw failure;
      }
      void handOff();
    };
  }

  if (attempt) return <HandoffProgress client={handoff.client} attempt={attempt} onRetry={() => void handOff()} />;
  switch (state.status) {
    case 'loading':
      return <LoadingUser />;
    case 'failed':
      return <UserLoadFailed failure={state.error} />;
    case 'signed-in':
      if (signedInHere.current) return <LoadingUser />;
      return (
        <>
          <ContinueAs
            user={state.user}
            intro={intro}
            onContinue={() => void handOff()}
            onUseAnotherAccount={() => {
              setSwitchFailure(undefined);
              userStore.signOut().catch(setSwitchFailure);
            }}
          />
          {switchFailure !== undefined && <FailureNotice failure={switchFailure} />}
        </>
      );
    case 'signed-out':
      return <SignInOrUp intro={intro} onSignIn={signedInThen<SignInInput>(userStore.signIn)} onSignUp={signedInThen<SignUpInput>(userStore.signUp)} />;
  }
}

function LoadingUser() {
  const t = useT();
  return (
    <section className="auth-card" aria-busy="true">
      <BusyNotice text={t('drive.loading')} />
    </section>
  );
}

function UserLoadFailed({ failure }: { failure: unknown }) {
  return (
    <section className="auth-card">
      <FailureNotice failure={failure} onRetry={() => void userStore.refreshUser()} />
    </section>
  );
}
