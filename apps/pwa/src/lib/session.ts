import { createActor, fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { CurrentUser } from '@corridor/api';
import { sessionMachine, type Credentials, type NavigateRequest } from '@corridor/state-machines';
import { api, setApiErrorHandler } from './api-client.ts';
import { clearToken, readToken, writeToken } from './auth-cookie.ts';
import { notify } from './notifications.ts';
import { LOCAL_TIME_ZONE_KEY } from '@corridor/domain';
import { clearStoredUser, loadStoredUser, saveStoredUser } from './stored-user.ts';
import { clearLocalData } from './local-first/local-db.ts';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** What the session needs from the router, kept narrow so the session does not depend on route types. */
export interface SessionNavigator {
  pathname(): string;
  navigate(request: NavigateRequest): void;
}

async function fetchCurrentUser(): Promise<CurrentUser> {
  return api.call<'users.me'>('users.me');
}

async function requestToken(credentials: Credentials): Promise<string> {
  const answer = await api.call<'users.tokenPost'>('users.tokenPost', {
    body: { grant_type: 'password', username: credentials.digit9Id, password: credentials.password },
  });
  return answer.access_token;
}

/** The portal's session: the machine with the browser's cookies, storage, router and notifications. */
export function createSessionActor(navigator: SessionNavigator): SessionActor {
  const machine = sessionMachine.provide({
    actors: {
      fetchUser: fromPromise(fetchCurrentUser),
      requestToken: fromPromise(({ input }: { input: Credentials }) => requestToken(input)),
    },
    guards: {
      hasToken: () => readToken() !== undefined,
      isOnLoginPage: () => navigator.pathname() === '/login',
    },
    actions: {
      storeToken: (_, token) => writeToken(token),
      saveUser: (_, user) => saveStoredUser(user),
      clearSession: ({ context }) => {
        // The user's cached wallets and lists go with the session (logout clears that user's data).
        const userId = context.user?.id ?? loadStoredUser()?.id;
        if (userId) void clearLocalData(userId);
        localStorage.removeItem(LOCAL_TIME_ZONE_KEY);
        clearStoredUser();
        clearToken();
        sessionStorage.clear();
      },
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

/** The auth check is complete: the session is neither starting nor signing in. */
export function isSettled(snapshot: SessionSnapshot): boolean {
  return !snapshot.matches('initializing') && !snapshot.matches('fetchingUser') && !snapshot.matches('loggingIn');
}

/**
 * The full-screen loader shows while the current user loads and while signing out. During the
 * token request the login button shows its own loading state; the loader takes over with
 * loader.tryToLogin once the token is stored and the user is fetched.
 */
export function isBusy(snapshot: SessionSnapshot): boolean {
  if (snapshot.matches({ loggingIn: 'requestingToken' })) return false;
  return !isSettled(snapshot) || snapshot.matches('loggingOut');
}
