import { createActor, fromPromise } from 'xstate';
import type { CurrentUser } from '@corridor/api';
import { sessionMachine, type Credentials } from '@corridor/state-machines';
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
  token?: string;
  user?: CurrentUser;
  requestToken?: (c: Credentials) => Promise<string>;
  /** The current-user fetch answers once this settles. */
  userGate?: Promise<void>;
}

/** The real session machine with in-memory effects, for component and guard tests. */
export function fakeSession(options: FakeSessionOptions = {}) {
  const logins: Credentials[] = [];
  let token = options.token;
  const machine = sessionMachine.provide({
    actors: {
      fetchUser: fromPromise(async () => {
        await options.userGate;
        return options.user ?? merchantUser;
      }),
      requestToken: fromPromise(async ({ input }: { input: Credentials }) => {
        logins.push(input);
        return options.requestToken ? options.requestToken(input) : 'token';
      }),
    },
    guards: { hasToken: () => token !== undefined, isOnLoginPage: () => false },
    actions: {
      storeToken: (_, next) => {
        token = next;
      },
      clearSession: () => {
        token = undefined;
      },
    },
  });
  const session: SessionActor = createActor(machine, { input: {} });
  return { session, logins };
}
