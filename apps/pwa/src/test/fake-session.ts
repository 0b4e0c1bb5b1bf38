import { createActor, fromPromise } from 'xstate';
import type { CurrentUser } from '@corridor/api';
import { sessionMachine, type Credentials, type TokenGrant } from '@corridor/state-machines';
import type { SessionActor } from '@/lib/session.ts';

export const merchantUser: CurrentUser = {
  id: 'u-1',
  digit9Id: '100000001',
  name: 'Grace Hopper',
  email: 'grace@globex.example',
  role: 'MERCHANT_SERVICE',
  parentId: 'm-1',
  organisationType: 'MERCHANT',
  status: 'ACTIVE',
};

interface FakeSessionOptions {
  /** The access token the refresh cookie gives at start; none: the start finds no valid cookie. */
  token?: string;
  user?: CurrentUser;
  requestToken?: (c: Credentials) => Promise<TokenGrant>;
  /** The current-user fetch answers once this settles. */
  userGate?: Promise<void>;
  /** The start's refresh grant answers once this settles. */
  refreshGate?: Promise<void>;
  /** The user this device remembers from its last sign-in. */
  storedUser?: CurrentUser;
  /** Payments wait in the device's outbox (a 401 then asks to sign in again). */
  hasUnsentWork?: () => boolean;
}

/** The real session machine with in-memory effects, for component and guard tests. */
export function fakeSession(options: FakeSessionOptions = {}) {
  const logins: Credentials[] = [];
  let token: string | undefined;
  const machine = sessionMachine.provide({
    actors: {
      fetchUser: fromPromise(async () => {
        await options.userGate;
        return options.user ?? merchantUser;
      }),
      requestToken: fromPromise(async ({ input }: { input: Credentials }) => {
        logins.push(input);
        return options.requestToken ? options.requestToken(input) : { accessToken: 'token', expiresIn: 900 };
      }),
      refreshToken: fromPromise(async (): Promise<TokenGrant> => {
        await options.refreshGate;
        if (options.token === undefined) throw { status: 401, code: 'INVALID_GRANT', message: 'no refresh cookie' };
        return { accessToken: options.token, expiresIn: 900 };
      }),
      revokeSession: fromPromise(async () => {}),
    },
    guards: { hasToken: () => token !== undefined, isOnLoginPage: () => false, hasUnsentWork: () => options.hasUnsentWork?.() ?? false },
    actions: {
      storeToken: (_, grant) => {
        token = grant.accessToken;
      },
      clearSession: () => {
        token = undefined;
      },
    },
  });
  const session: SessionActor = createActor(machine, { input: { storedUser: options.storedUser ?? null } });
  return { session, logins };
}
