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
import {
  describeApiError,
  isNetworkError,
  type HttpErrorLike,
  type NotificationRequest,
} from './api-errors.ts';
import { roleHome } from './role-home.ts';

/**
 * The session's timers (spec 1, sections 4 and 9): one hour of inactivity, the 2 s logout delay
 * when a token exists, 500 ms from a password change to the logout.
 */
export const SESSION_DELAYS = {
  inactivity: INACTIVITY_TIMEOUT_MS,
  logoutDelay: LOGOUT_DELAY_MS,
  passwordChangeLogout: PASSWORD_CHANGE_LOGOUT_MS,
} as const;

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

export type LoaderMessage = 'loader.loading' | typeof LOADER_TRY_TO_LOGIN_KEY | typeof LOADER_LOGOUT_KEY;

export interface SessionContext {
  user: CurrentUser | null;
  /** The last user seen online, used only when the start-up fetch cannot reach the server. */
  storedUser: CurrentUser | null;
  loaderMessage: LoaderMessage;
  /** Failed login / current-user calls keep their error in session state (spec 1, section 8). */
  error: HttpErrorLike | null;
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
    requestToken: fromPromise<string, Credentials>(async () => {
      throw new Error('requestToken must be provided by the portal');
    }),
  },
  guards: {
    hasToken: () => false,
    isOnLoginPage: () => false,
  },
  actions: {
    storeToken: (_, _token: string) => {},
    saveUser: (_, _user: CurrentUser) => {},
    /** Clears the time zone, stored user, token cookie and session storage. */
    clearSession: () => {},
    navigate: (_, _request: NavigateRequest) => {},
    notify: (_, _notification: NotificationRequest) => {},
  },
  delays: SESSION_DELAYS,
}).createMachine({
  id: 'session',
  initial: 'initializing',
  context: ({ input }) => ({
    user: null,
    storedUser: input.storedUser ?? null,
    loaderMessage: 'loader.loading',
    error: null,
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
        guard: ({ event }) => event.error.status === 403,
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
      always: [
        { guard: 'hasToken', target: 'fetchingUser' },
        // No token cookie: forced logout with nothing to wait for.
        { target: 'signedOut', actions: 'clearSession' },
      ],
    },
    fetchingUser: {
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
            // A flaky connection is not the server refusing the user: start offline on the stored user.
            guard: ({ context, event }) => context.storedUser !== null && isNetworkError(event.error),
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
      entry: assign({ user: null, storedUser: null }),
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
                assign({ loaderMessage: LOADER_TRY_TO_LOGIN_KEY }),
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
      initial: 'active',
      on: {
        LOGOUT: 'loggingOut',
        PASSWORD_CHANGED: '.passwordChanged',
        // Only a live session is ended by a 401; the login page reports it instead (catalogue).
        HTTP_ERROR: {
          guard: and([({ event }) => event.error.status === 401, not('isOnLoginPage')]),
          target: 'loggingOut',
        },
      },
      states: {
        active: {
          after: { inactivity: '#session.loggingOut' },
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
    loggingOut: {
      initial: 'deciding',
      entry: [
        assign({ loaderMessage: LOADER_LOGOUT_KEY }),
        { type: 'navigate', params: { to: '/logout', replace: true } },
      ],
      states: {
        deciding: {
          always: [{ guard: 'hasToken', target: 'waiting' }, { target: 'clearing' }],
        },
        waiting: {
          after: { logoutDelay: 'clearing' },
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

export type SessionMachine = typeof sessionMachine;
