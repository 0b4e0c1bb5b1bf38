import { createActor, fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { CurrentUser } from '@corridor/api';
import { REVOKE_TIMEOUT_MS, sessionMachine, type Credentials, type NavigateRequest, type TokenGrant } from '@corridor/state-machines';
import { isApiError } from '@corridor/api/light';
import { accessTokens, api, oauth, reportApiError, setApiErrorHandler } from './api-client.ts';
import { removeLegacyAuthCookie } from './auth-cookie.ts';
import { notify } from './notifications.ts';
import { retryTransient } from './retry.ts';
import { LOCAL_TIME_ZONE_KEY } from '@corridor/domain';
import { clearStoredUser, loadStoredUser, saveStoredUser } from './stored-user.ts';
import { tokenHint, type TokenHint } from './token-hint.ts';
// A small module (no Dexie, no xstate): the sender itself loads with the first signed-in screen.
import { hasUnsentWork, resumeOutbox } from './outbox/outbox-session.ts';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** What the session needs from the router, kept narrow so the session does not depend on route types. */
export interface SessionNavigator {
  pathname(): string;
  navigate(request: NavigateRequest): void;
  /** A sign-in from the login page has its token: the home it hints at may start its first answers. */
  startHomeAhead(hint: TokenHint): void;
}

/** A read, safe to repeat: a lost answer or a 5xx of the line is asked again before the session hears of it. */
async function fetchCurrentUser(): Promise<CurrentUser> {
  return retryTransient(() => api.call<'users.me'>('users.me'));
}

async function requestToken(credentials: Credentials): Promise<TokenGrant> {
  try {
    // A repeat after a lost answer opens one more session on the server and nothing else.
    return await retryTransient(() => oauth.passwordGrant(credentials.digit9Id, credentials.password));
  } catch (error) {
    // A failed sign-in goes through the error catalogue like any call (the login page's errors.login).
    if (isApiError(error)) reportApiError(error, { method: 'POST', path: '/oauth/token' });
    throw error;
  }
}

/** The portal's session: the machine with the browser's cookies, storage, router and notifications. */
export function createSessionActor(navigator: SessionNavigator): SessionActor {
  removeLegacyAuthCookie();
  const machine = sessionMachine.provide({
    actors: {
      fetchUser: fromPromise(fetchCurrentUser),
      requestToken: fromPromise(async ({ input }: { input: Credentials }) => {
        const grant = await requestToken(input);
        // From the login page, the home's first answers start now, beside the user's fetch rather than after it
        // (lib/prefetch-home.ts); a sign-in again from a screen stays on that screen and starts nothing.
        const hint = navigator.pathname() === '/login' ? tokenHint(grant.accessToken) : null;
        if (hint) navigator.startHomeAhead(hint);
        return grant;
      }),
      refreshToken: fromPromise(() => accessTokens.refresh(accessTokens.current())),
      revokeSession: fromPromise(() => oauth.revoke({ timeoutMs: REVOKE_TIMEOUT_MS })),
    },
    guards: {
      hasToken: () => accessTokens.current() !== undefined,
      isOnLoginPage: () => navigator.pathname() === '/login',
      hasUnsentWork: ({ context }) => hasUnsentWork(context.user?.id),
    },
    actions: {
      storeToken: (_, grant) => accessTokens.set(grant),
      saveUser: (_, user) => {
        saveStoredUser(user);
        // Every date is shown in the user's PROFILE_TIME_ZONE (the date helpers read it from here); unset: the browser's.
        const zone = user.settings?.PROFILE_TIME_ZONE;
        if (zone) localStorage.setItem(LOCAL_TIME_ZONE_KEY, zone);
        else localStorage.removeItem(LOCAL_TIME_ZONE_KEY);
      },
      clearSession: ({ context }) => {
        // The user's cached wallets and lists go with the session (logout clears that user's data).
        const userId = context.user?.id ?? loadStoredUser()?.id;
        // The local database (dexie) loads with the screens that cache; signing out loads it only to wipe it.
        // This tab's outbox sender stops first; unsent payments survive only a logout the user did not choose.
        void import('./outbox/outbox-session.ts').then(({ clearUserData, stopOutbox }) => (userId ? clearUserData(userId) : stopOutbox()));
        localStorage.removeItem(LOCAL_TIME_ZONE_KEY);
        clearStoredUser();
        accessTokens.clear();
        sessionStorage.clear();
      },
      resumeOutbox: () => resumeOutbox(),
      navigate: (_, request) => navigator.navigate(request),
      notify: (_, notification) => {
        notify(notification);
      },
    },
  });
  const actor = createActor(machine, { input: { storedUser: loadStoredUser() } });
  setApiErrorHandler((error, request) => actor.send({ type: 'HTTP_ERROR', error, method: request.method }));
  return actor;
}
