import { and, assign, fromPromise, not, setup } from 'xstate';
import type { CurrentUser } from '@corridor/api';
import {
  INACTIVITY_TIMEOUT_MS,
  LOADER_LOGOUT_KEY,
  LOADER_TRY_TO_LOGIN_KEY,
  LOGOUT_DELAY_MS,
  PASSWORD_CHANGE_LOGOUT_MS,
  PASSWORD_UPDATE_SUCCESS_KEY,
} from '@corridor/domain';
import { describeApiError, isTransientError, type HttpErrorLike, type NotificationRequest } from './api-errors.ts';
import { roleHome } from './role-home.ts';

/**
 * The session's timers (spec 1, sections 4 and 9): one hour of inactivity, the 2 s logout delay
 * when a token exists, 500 ms from a password change to the logout.
 * @internal
 */
export const SESSION_DELAYS = {
  inactivity: INACTIVITY_TIMEOUT_MS,
  logoutDelay: LOGOUT_DELAY_MS,
  passwordChangeLogout: PASSWORD_CHANGE_LOGOUT_MS,
} as const;

/** The access token is renewed this long before it expires, so no call goes out with a dead token. */
const TOKEN_REFRESH_MARGIN_MS = 60_000;
/**
 * A renewal that got no answer (offline, or a 5xx from the line) is tried again after this long; the
 * session stays. Well inside the server's 60 s grace for a refresh token whose answer was lost, so a
 * line that comes back within a minute renews with the token the device still holds.
 * @internal
 */
export const TOKEN_REFRESH_RETRY_MS = 10_000;
/**
 * A start on a device that holds a signed-in user waits this long for each of its answers (the token's renewal,
 * then the current user) before it shows what the device holds; the renewal goes on behind the screen. On a line
 * the device thinks is up but that answers nothing (a branch's Wi-Fi without its uplink), the renewal's own tries
 * took about five seconds before the first screen; a working slow line answers well within this.
 * @internal
 */
export const START_WAIT_MS = 1_500;
/** Logout does not wait longer than this for the server to revoke the session (best effort). */
export const REVOKE_TIMEOUT_MS = 5_000;
/** setTimeout's ceiling (about 24.8 days): a longer delay would fire at once. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * When to renew a token that lives `expiresInSeconds`: a minute before it expires, or at half its
 * life when it lives less than two minutes.
 * @internal
 */
export function tokenRefreshDelayMs(expiresInSeconds: number): number {
  const lifetime = Math.max(0, expiresInSeconds * 1000);
  const delay = lifetime > 2 * TOKEN_REFRESH_MARGIN_MS ? lifetime - TOKEN_REFRESH_MARGIN_MS : lifetime / 2;
  return Math.min(delay, MAX_TIMER_MS);
}

/** An access token as the token endpoint gave it; `expiresIn` in seconds, null when the answer had none. */
export interface TokenGrant {
  accessToken: string;
  expiresIn: number | null;
}

export interface Credentials {
  digit9Id: string;
  password: string;
}

export interface NavigateRequest {
  to: string;
  search?: Record<string, string>;
  /** Keep the address bar as it is (the 403 page: "URL unchanged"). */
  maskCurrentUrl?: boolean;
  replace?: boolean;
}

type LoaderMessage = 'loader.loading' | typeof LOADER_TRY_TO_LOGIN_KEY | typeof LOADER_LOGOUT_KEY;

export interface SessionContext {
  user: CurrentUser | null;
  /** The last user seen online, used only when the start-up fetch cannot reach the server. */
  storedUser: CurrentUser | null;
  loaderMessage: LoaderMessage;
  /** Failed login / current-user calls keep their error in session state (spec 1, section 8). */
  error: HttpErrorLike | null;
  /**
   * The held access token's lifetime in seconds (the token itself stays with the portal's token
   * store, never in machine state); `null` lifetime: the answer gave none. `null`: no token held
   * (an offline start on the stored user).
   */
  token: { expiresIn: number | null } | null;
}

export interface SessionInput {
  storedUser?: CurrentUser | null;
}

export type SessionEvent =
  | { type: 'LOGIN'; credentials: Credentials }
  | { type: 'LOGOUT' }
  | { type: 'ACTIVITY' }
  /** `method`: the failed call's HTTP method, when known (the catalogue reports a change that got no answer). */
  | { type: 'HTTP_ERROR'; error: HttpErrorLike; method?: string }
  | { type: 'PASSWORD_CHANGED' };

function asHttpError(error: unknown): HttpErrorLike {
  if (typeof error === 'object' && error !== null && 'status' in error && 'code' in error) {
    return error as HttpErrorLike;
  }
  return { status: 0, code: 'NETWORK_ERROR', message: error instanceof Error ? error.message : String(error) };
}

/** The stored user's home, for a start that shows that user (its guard has checked there is one). */
function storedUserHome({ context }: { context: SessionContext }): NavigateRequest {
  if (!context.storedUser) throw new Error('a start on the stored user needs one');
  return { to: roleHome(context.storedUser.role), replace: true };
}

/**
 * The portal session (spec 1, section 4 "Session"). Every effect is a named actor, action or guard
 * that the portal provides (cookies, router, notifications, HTTP), so the rules are tested with
 * fakes and fake timers.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    fetchUser: fromPromise<CurrentUser>(async () => {
      throw new Error('fetchUser must be provided by the portal');
    }),
    requestToken: fromPromise<TokenGrant, Credentials>(async () => {
      throw new Error('requestToken must be provided by the portal');
    }),
    /** The refresh grant: a new access token from the refresh cookie (rotated by the server). */
    refreshToken: fromPromise<TokenGrant>(async () => {
      throw new Error('refreshToken must be provided by the portal');
    }),
    /** Revokes the session on the server (RFC 7009); its outcome does not matter to the logout. */
    revokeSession: fromPromise<void>(async () => {
      throw new Error('revokeSession must be provided by the portal');
    }),
  },
  guards: {
    /** A user signed in on this device before (stored at the last start with answers): a start has something to show. */
    hasStoredUser: ({ context }) => context.storedUser !== null,
    hasToken: () => false,
    isOnLoginPage: () => false,
    /**
     * The device's outbox holds payments not yet with the server: a lost session must not wipe them,
     * so the same user is asked to sign in again instead of being logged out.
     */
    hasUnsentWork: () => false,
  },
  actions: {
    storeToken: (_, _grant: TokenGrant) => {},
    saveUser: (_, _user: CurrentUser) => {},
    /** Clears the time zone, stored user, token cookie and session storage. */
    clearSession: () => {},
    navigate: (_, _request: NavigateRequest) => {},
    notify: (_, _notification: NotificationRequest) => {},
    /** The same user signed in again: the paused outbox goes on. */
    resumeOutbox: () => {},
  },
  delays: {
    ...SESSION_DELAYS,
    tokenRefresh: ({ context }) => tokenRefreshDelayMs(context.token?.expiresIn ?? 0),
    tokenRetry: TOKEN_REFRESH_RETRY_MS,
    startWait: START_WAIT_MS,
    revokeTimeout: REVOKE_TIMEOUT_MS,
  },
}).createMachine({
  id: 'session',
  initial: 'initializing',
  context: ({ input }) => ({
    user: null,
    storedUser: input.storedUser ?? null,
    loaderMessage: 'loader.loading',
    error: null,
    token: null,
  }),
  on: {
    HTTP_ERROR: [
      {
        guard: 'isOnLoginPage',
        actions: {
          type: 'notify',
          params: ({ event }) => notificationOf(event.error, true),
        },
      },
      {
        guard: ({ event }) => describeApiError(event.error, false, event.method).kind === 'forbidden',
        actions: {
          type: 'navigate',
          params: ({ event }) => ({
            to: '/error/forbidden',
            search: { traceId: event.error.traceId ?? '' },
            maskCurrentUrl: true,
          }),
        },
      },
      {
        guard: ({ event }) => describeApiError(event.error, false, event.method).kind === 'notify',
        actions: {
          type: 'notify',
          params: ({ event }) => notificationOf(event.error, false, event.method),
        },
      },
    ],
  },
  states: {
    initializing: {
      // The access token lives in memory only: every start (and reload) asks for one with the
      // HttpOnly refresh cookie, which keeps the 30-day sign-in.
      // Opening /logout while the start is under way still logs out.
      on: { LOGOUT: 'loggingOut' },
      // With a stored user, a renewal the line holds up does not hold the screen: the session starts on that
      // user, and the token region waits for the same renewal (the token store runs one at a time, so this
      // asks nothing twice); a refusal that comes later still ends the session there.
      after: {
        startWait: [
          {
            // Opened on the login page: on to the role home, as a start with its answers goes.
            guard: and(['hasStoredUser', 'isOnLoginPage']),
            target: '#session.authenticated.token.refreshing',
            actions: [assign({ user: ({ context }) => context.storedUser, token: null }), { type: 'navigate', params: storedUserHome }],
          },
          {
            guard: 'hasStoredUser',
            target: '#session.authenticated.token.refreshing',
            actions: assign({ user: ({ context }) => context.storedUser, token: null }),
          },
        ],
      },
      invoke: {
        src: 'refreshToken',
        onDone: {
          target: 'fetchingUser',
          actions: [{ type: 'storeToken', params: ({ event }) => event.output }, assign({ token: ({ event }) => ({ expiresIn: event.output.expiresIn }) })],
        },
        onError: [
          {
            // No answer, or a 5xx from the line: start offline on the stored user; the token region keeps trying.
            // Opened on the login page, on to the role home (below, elsewhere: the screen stays).
            guard: and(['hasStoredUser', ({ event }) => isTransientError(event.error), 'isOnLoginPage']),
            target: 'authenticated',
            actions: [assign({ user: ({ context }) => context.storedUser, token: null }), { type: 'navigate', params: storedUserHome }],
          },
          {
            guard: and(['hasStoredUser', ({ event }) => isTransientError(event.error)]),
            target: 'authenticated',
            actions: assign({ user: ({ context }) => context.storedUser, token: null }),
          },
          {
            // No valid refresh cookie (none, expired, revoked): forced logout with nothing to wait for.
            guard: ({ event }) => asHttpError(event.error).status === 401,
            target: 'signedOut',
            actions: 'clearSession',
          },
          {
            target: 'loggingOut',
            actions: assign({ error: ({ event }) => asHttpError(event.error) }),
          },
        ],
      },
    },
    fetchingUser: {
      on: { LOGOUT: 'loggingOut' },
      // The token came; a current user the line holds up does not hold the screen either (the stored one is shown).
      after: {
        startWait: [
          {
            guard: and(['hasStoredUser', 'isOnLoginPage']),
            target: 'authenticated',
            actions: [assign({ user: ({ context }) => context.storedUser }), { type: 'navigate', params: storedUserHome }],
          },
          {
            guard: 'hasStoredUser',
            target: 'authenticated',
            actions: assign({ user: ({ context }) => context.storedUser }),
          },
        ],
      },
      invoke: {
        src: 'fetchUser',
        onDone: [
          {
            // Opened on the login page with a valid cookie: the user goes on to the role home.
            guard: 'isOnLoginPage',
            target: 'authenticated',
            actions: [
              assign({ user: ({ event }) => event.output, storedUser: ({ event }) => event.output }),
              { type: 'saveUser', params: ({ event }) => event.output },
              { type: 'navigate', params: ({ event }) => ({ to: roleHome(event.output.role), replace: true }) },
            ],
          },
          {
            target: 'authenticated',
            actions: [
              assign({ user: ({ event }) => event.output, storedUser: ({ event }) => event.output }),
              { type: 'saveUser', params: ({ event }) => event.output },
            ],
          },
        ],
        onError: [
          {
            // A flaky connection (no answer, a 5xx) is not the server refusing the user: start offline on the stored user.
            guard: and(['hasStoredUser', ({ event }) => isTransientError(event.error), 'isOnLoginPage']),
            target: 'authenticated',
            actions: [assign({ user: ({ context }) => context.storedUser }), { type: 'navigate', params: storedUserHome }],
          },
          {
            guard: and(['hasStoredUser', ({ event }) => isTransientError(event.error)]),
            target: 'authenticated',
            actions: assign({ user: ({ context }) => context.storedUser }),
          },
          {
            target: 'loggingOut',
            actions: assign({ error: ({ event }) => asHttpError(event.error) }),
          },
        ],
      },
    },
    signedOut: {
      // The loader message stays as it was while the loader fades out.
      entry: assign({ user: null, storedUser: null, token: null }),
      on: {
        LOGIN: 'loggingIn',
      },
    },
    loggingIn: {
      initial: 'requestingToken',
      entry: assign({ error: null }),
      states: {
        requestingToken: {
          invoke: {
            src: 'requestToken',
            input: ({ event }) => {
              if (event.type !== 'LOGIN') throw new Error('loggingIn starts with LOGIN');
              return event.credentials;
            },
            onDone: {
              target: 'fetchingUser',
              actions: [
                { type: 'storeToken', params: ({ event }) => event.output },
                assign({
                  loaderMessage: LOADER_TRY_TO_LOGIN_KEY,
                  token: ({ event }) => ({ expiresIn: event.output.expiresIn }),
                }),
              ],
            },
            onError: {
              target: '#session.signedOut',
              actions: assign({ error: ({ event }) => asHttpError(event.error) }),
            },
          },
        },
        fetchingUser: {
          invoke: {
            src: 'fetchUser',
            onDone: {
              target: '#session.authenticated',
              actions: [
                assign({ user: ({ event }) => event.output, storedUser: ({ event }) => event.output }),
                { type: 'saveUser', params: ({ event }) => event.output },
                {
                  type: 'navigate',
                  params: ({ event }) => ({ to: roleHome(event.output.role), replace: true }),
                },
              ],
            },
            onError: {
              target: '#session.loggingOut',
              actions: assign({ error: ({ event }) => asHttpError(event.error) }),
            },
          },
        },
      },
    },
    authenticated: {
      // Two independent concerns: the user's activity (idle logout, password change) and the
      // access token's renewal.
      type: 'parallel',
      on: {
        LOGOUT: 'loggingOut',
        PASSWORD_CHANGED: '.activity.passwordChanged',
        // Only a live session is ended by a 401; the login page reports it instead (catalogue).
        // With unsent payments on the device the user signs in again instead, keeping them.
        HTTP_ERROR: [
          {
            guard: and([({ event }) => event.error.status === 401, not('isOnLoginPage'), 'hasUnsentWork']),
            target: '.reauth.needed',
          },
          {
            guard: and([({ event }) => event.error.status === 401, not('isOnLoginPage')]),
            target: 'loggingOut',
          },
        ],
      },
      states: {
        reauth: {
          initial: 'fine',
          states: {
            fine: {},
            /** The session is lost but the outbox holds work: the same user signs in again, nothing is cleared. */
            needed: {
              initial: 'waiting',
              entry: assign({ error: null }),
              on: {
                // A 401 from a call still under way changes nothing: the user is already asked.
                HTTP_ERROR: { actions: [] },
              },
              states: {
                waiting: {
                  on: { LOGIN: 'requestingToken' },
                },
                requestingToken: {
                  invoke: {
                    src: 'requestToken',
                    input: ({ event }) => {
                      if (event.type !== 'LOGIN') throw new Error('signing in again starts with LOGIN');
                      return event.credentials;
                    },
                    onDone: {
                      target: 'fetchingUser',
                      actions: [
                        { type: 'storeToken', params: ({ event }) => event.output },
                        assign({ token: ({ event }) => ({ expiresIn: event.output.expiresIn }) }),
                      ],
                    },
                    onError: { target: 'waiting', actions: assign({ error: ({ event }) => asHttpError(event.error) }) },
                  },
                },
                fetchingUser: {
                  invoke: {
                    src: 'fetchUser',
                    onDone: [
                      {
                        // Only the user whose payments wait may take over: they are sealed with that user's key.
                        guard: ({ context, event }) => event.output.id === context.user?.id,
                        target: ['#session.authenticated.reauth.fine', '#session.authenticated.token.deciding', '#session.authenticated.activity.active'],
                        actions: [assign({ user: ({ event }) => event.output, error: null }), 'resumeOutbox'],
                      },
                      {
                        target: 'waiting',
                        actions: assign({ error: { status: 403, code: 'ANOTHER_USER', message: 'Sign in as the user whose payments are waiting' } }),
                      },
                    ],
                    onError: { target: 'waiting', actions: assign({ error: ({ event }) => asHttpError(event.error) }) },
                  },
                },
              },
            },
          },
        },
        activity: {
          initial: 'active',
          states: {
            active: {
              after: {
                inactivity: [
                  // Idle with unsent payments: the screen is locked behind a new sign-in, the payments kept.
                  { guard: 'hasUnsentWork', target: '#session.authenticated.reauth.needed' },
                  { target: '#session.loggingOut' },
                ],
              },
              on: {
                // Re-entering restarts the inactivity timer.
                ACTIVITY: { target: 'active', reenter: true },
              },
            },
            passwordChanged: {
              entry: {
                type: 'notify',
                params: {
                  type: 'success',
                  i18nMessage: PASSWORD_UPDATE_SUCCESS_KEY,
                  closable: true,
                },
              },
              after: { passwordChangeLogout: '#session.loggingOut' },
            },
          },
        },
        token: {
          initial: 'deciding',
          states: {
            deciding: {
              always: [
                // Started offline: no token yet; get one as soon as the server answers.
                { guard: ({ context }) => context.token === null, target: 'retrying' },
                // The server gave no lifetime: nothing to schedule (a 401 still renews once).
                { guard: ({ context }) => context.token?.expiresIn === null, target: 'unscheduled' },
                { target: 'scheduled' },
              ],
            },
            scheduled: {
              after: { tokenRefresh: 'refreshing' },
            },
            unscheduled: {},
            refreshing: {
              invoke: {
                src: 'refreshToken',
                onDone: {
                  target: 'deciding',
                  actions: [
                    { type: 'storeToken', params: ({ event }) => event.output },
                    assign({ token: ({ event }) => ({ expiresIn: event.output.expiresIn }) }),
                  ],
                },
                onError: [
                  // No answer or a 5xx: the session stays (offline), the renewal is tried again.
                  { guard: ({ event }) => isTransientError(event.error), target: 'retrying' },
                  // Refused (refresh cookie expired, revoked or reused): the session is over, unless
                  // payments wait on the device: then the same user signs in again.
                  { guard: 'hasUnsentWork', target: ['unscheduled', '#session.authenticated.reauth.needed'] },
                  {
                    target: '#session.loggingOut',
                    actions: assign({ error: ({ event }) => asHttpError(event.error) }),
                  },
                ],
              },
            },
            retrying: {
              after: { tokenRetry: 'refreshing' },
            },
          },
        },
      },
    },
    loggingOut: {
      initial: 'deciding',
      entry: [assign({ loaderMessage: LOADER_LOGOUT_KEY }), { type: 'navigate', params: { to: '/logout', replace: true } }],
      states: {
        deciding: {
          always: [{ guard: 'hasToken', target: 'waiting' }, { target: 'revoking' }],
        },
        waiting: {
          after: { logoutDelay: 'revoking' },
        },
        revoking: {
          // Best effort: offline, or with no answer within the time-out, local data is wiped all the
          // same and the revocation is not tried again (the access token dies within 15 minutes,
          // the refresh cookie stays HttpOnly and is replaced at the next sign-in).
          invoke: { src: 'revokeSession', onDone: 'clearing', onError: 'clearing' },
          after: { revokeTimeout: 'clearing' },
        },
        clearing: {
          entry: 'clearSession',
          always: '#session.signedOut',
        },
      },
    },
  },
});

function notificationOf(error: HttpErrorLike, onLoginPage: boolean, method?: string): NotificationRequest {
  const effect = describeApiError(error, onLoginPage, method);
  if (effect.kind !== 'notify') throw new Error(`error ${error.status} does not notify`);
  return effect.notification;
}
