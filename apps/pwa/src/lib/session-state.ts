import type { SessionSnapshot } from './session.ts';

export type { SessionActor, SessionSnapshot } from './session.ts';

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

/**
 * The start is asking for a token with no user stored on this device: most likely nobody is signed
 * in here, so the login page need not hide behind the loader while the answer comes.
 */
export function isQuietStart(snapshot: SessionSnapshot): boolean {
  return snapshot.matches('initializing') && snapshot.context.storedUser === null;
}
