// Who is signed in (SPEC §3.1 user info) and the ways to change that: sign in, sign up, sign out.
// After a sign-in the user info refreshes and after-login fires; a sign-out fires logout-success;
// a failed sign-in fires login-failed (SPEC §4). Failures are logged here and kept in the state
// for the page to show (SPEC §8).
import { atom, onMount, type ReadableAtom } from 'nanostores';
import { CLIENT_IDS } from '#shared/accounts/clients.ts';
import { type ProofOfWorkChallenge, solveProofOfWork } from '#shared/accounts/proof-of-work.ts';
import type { UserProfile } from '#shared/api/accounts.ts';
import { ACCOUNT_PATHS, type ChangePasswordBody, type SignInBody, type SignUpBody, type TokenBody, type WebSession } from '#shared/api/accounts.ts';
import { type ApiClient, ApiError, toApiError } from '#shared/api/client.ts';
import type { KeyValueStorage } from '#shared/browser-storage.ts';
import { isUnauthenticated } from '../accounts/session-refresh.ts';
import { forgetSignIn, forgetUserId, rememberSignIn, rememberUserId, signedInUserId } from '../accounts/signed-in-marker.ts';
import type { AppEvents, EventBus } from '../events.ts';

/**
 * The profile part of SPEC §3.1's user info. Premium, quota and the rest join it with the
 * features that read them.
 */
export type UserInfo = {
  userId: string;
  username: string;
  /** Masked by the server ("a***@example.com"). */
  email: string;
  phone: string;
  avatar: string;
  status: string;
  haveSetPassword: boolean;
  /** Whether the address was confirmed through the link mailed to it. */
  emailVerified: boolean;
  /** An operator of this server: the console is theirs. */
  isAdmin: boolean;
  createdAt: string;
};

export function userInfoFrom(profile: UserProfile): UserInfo {
  return {
    userId: profile.sub,
    username: profile.name,
    email: profile.email,
    phone: profile.phone_number,
    avatar: profile.picture,
    status: profile.status,
    haveSetPassword: profile.password === 'SET',
    emailVerified: profile.email_verified,
    isAdmin: profile.roles.includes('admin'),
    createdAt: profile.created_at,
  };
}

export type UserState =
  /** Someone signed in on this browser; their profile is being (or not yet) loaded. */
  { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; user: UserInfo } | { status: 'failed'; error: ApiError };

export type SignInInput = { email: string; password: string };
export type SignUpInput = { email: string; password: string; name: string };
export type ChangePasswordInput = { oldPassword: string; newPassword: string };
/** Told when the server asked for the proof of work, which takes a moment. */
export type OnCheckingRobot = () => void;

export type UserStoreDependencies = {
  api: ApiClient;
  storage: KeyValueStorage;
  events: EventBus<AppEvents>;
  solveProofOfWork?: (challenge: ProofOfWorkChallenge) => Promise<string>;
};

export function createUserStore({ api, storage, events, solveProofOfWork: solve = solveProofOfWork }: UserStoreDependencies) {
  const $user = atom<UserState>(signedInUserId(storage) ? { status: 'loading' } : { status: 'signed-out' });
  let loading: Promise<boolean> | undefined;
  // Bumped whenever who is signed in changes, so a profile asked for before then is not shown after.
  let signInGeneration = 0;

  /** Someone else is (or no one is) signed in from now on: loads asked for before do not count. */
  function startOver() {
    signInGeneration += 1;
    loading = undefined;
  }

  function signedOut() {
    const someone = $user.get().status !== 'signed-out';
    startOver();
    forgetSignIn(storage);
    $user.set({ status: 'signed-out' });
    if (someone) events.emit('signed-out', {});
  }

  async function loadProfile(): Promise<boolean> {
    const generation = signInGeneration;
    const outdated = () => generation !== signInGeneration;
    // A retry after a failure shows as loading again; a signed-in user keeps their page meanwhile.
    if ($user.get().status === 'failed') $user.set({ status: 'loading' });
    try {
      const user = userInfoFrom(await api.get<UserProfile>(ACCOUNT_PATHS.me));
      if (outdated()) return $user.get().status === 'signed-in';
      rememberUserId(storage, user.userId);
      $user.set({ status: 'signed-in', user });
      return true;
    } catch (failure) {
      if (outdated()) return $user.get().status === 'signed-in';
      const error = toApiError(failure);
      if (isUnauthenticated(error)) {
        signedOut();
        return false;
      }
      console.error('[user] could not load the profile', error);
      forgetUserId(storage);
      $user.set({ status: 'failed', error });
      return false;
    }
  }

  /** Loads the profile; false when there is no one signed in or it could not be loaded. */
  function refreshUser(): Promise<boolean> {
    if (loading) return loading;
    const current = loadProfile().finally(() => {
      if (loading === current) loading = undefined;
    });
    loading = current;
    return current;
  }

  /** Sends a sign-in or sign-up, doing the proof of work and sending again when the server asks. */
  async function sendWithProofOfWork<Body extends { captcha_token?: string }>(
    path: string,
    body: Body,
    onCheckingRobot?: OnCheckingRobot,
  ): Promise<WebSession> {
    try {
      return await api.post<WebSession>(path, body);
    } catch (failure) {
      if (!(failure instanceof ApiError) || failure.error !== 'captcha_required') throw failure;
      onCheckingRobot?.();
      const captchaToken = await solve(await api.post<ProofOfWorkChallenge>(ACCOUNT_PATHS.captcha));
      return api.post<WebSession>(path, { ...body, captcha_token: captchaToken });
    }
  }

  async function completeSignIn(send: () => Promise<WebSession>): Promise<UserInfo> {
    try {
      rememberSignIn(storage, await send());
      startOver();
      await refreshUser();
      const state = $user.get();
      if (state.status === 'failed') throw state.error;
      if (state.status !== 'signed-in')
        throw new ApiError(401, { error: 'unauthenticated', error_code: 16, error_description: 'The new session was not accepted.' });
      events.emit('after-login', { user: state.user });
      return state.user;
    } catch (failure) {
      const error = toApiError(failure);
      events.emit('login-failed', { error });
      throw error;
    }
  }

  /** Signs in with an authorization code issued for this page (by the native app, SPEC §7.6). */
  function signInWithCode({ code, codeVerifier, redirectUri }: { code: string; codeVerifier: string; redirectUri: string }): Promise<UserInfo> {
    const body: TokenBody = { grant_type: 'authorization_code', code, code_verifier: codeVerifier, client_id: CLIENT_IDS.web, redirect_uri: redirectUri };
    return completeSignIn(() => api.post<WebSession>(ACCOUNT_PATHS.token, body));
  }

  /** Takes the cookie session a device sign-in was given (the TV page, once its person let it in). */
  function signInWithDeviceSession(session: WebSession): Promise<UserInfo> {
    return completeSignIn(async () => session);
  }

  function signIn({ email, password }: SignInInput, onCheckingRobot?: OnCheckingRobot): Promise<UserInfo> {
    const body: SignInBody = { username: email, password, client_id: CLIENT_IDS.web };
    return completeSignIn(() => sendWithProofOfWork(ACCOUNT_PATHS.signin, body, onCheckingRobot));
  }

  function signUp({ email, password, name }: SignUpInput, onCheckingRobot?: OnCheckingRobot): Promise<UserInfo> {
    const body: SignUpBody = { email, password, name, client_id: CLIENT_IDS.web };
    return completeSignIn(() => sendWithProofOfWork(ACCOUNT_PATHS.signup, body, onCheckingRobot));
  }

  /** Ends the session on the server, then here. A session the server already ended counts as done. */
  async function endSession(send: () => Promise<unknown>): Promise<void> {
    const state = $user.get();
    const userId = state.status === 'signed-in' ? state.user.userId : signedInUserId(storage);
    try {
      await send();
    } catch (failure) {
      if (!isUnauthenticated(failure)) throw toApiError(failure);
    }
    signedOut();
    events.emit('logout-success', { userId });
  }

  const signOut = () => endSession(() => api.post(ACCOUNT_PATHS.revoke, {}));
  const signOutEverywhere = () => endSession(() => api.post(ACCOUNT_PATHS.revokeAllSessions, {}));

  async function rename(name: string): Promise<void> {
    $user.set({ status: 'signed-in', user: userInfoFrom(await api.patch<UserProfile>(ACCOUNT_PATHS.me, { name })) });
  }

  async function changePassword({ oldPassword, newPassword }: ChangePasswordInput): Promise<void> {
    const body: ChangePasswordBody = { old_password: oldPassword, new_password: newPassword };
    await api.post(ACCOUNT_PATHS.password, body);
  }

  /** Follows a sign-in or sign-out made in another tab, which shows here as a changed marker. */
  function followStoredSignIn(): void {
    const storedUserId = signedInUserId(storage);
    const state = $user.get();
    if (!storedUserId) {
      if (state.status !== 'signed-out') signedOut();
      return;
    }
    if (state.status === 'signed-in' && state.user.userId === storedUserId) return;
    startOver();
    void refreshUser();
  }

  // The server ended the session (revoked from another device, expired): show it at once.
  events.on('session-ended', signedOut);
  onMount($user, () => {
    if ($user.get().status === 'loading') void refreshUser();
  });

  return {
    $user: $user as ReadableAtom<UserState>,
    refreshUser,
    signIn,
    signInWithCode,
    signInWithDeviceSession,
    signUp,
    signOut,
    signOutEverywhere,
    rename,
    changePassword,
    followStoredSignIn,
  };
}
