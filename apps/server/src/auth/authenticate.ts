import type { FastifyRequest } from 'fastify';
import type { CallDefinition } from '@corridor/api';
import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';
import type { TokenService } from '../http/services.ts';
import { authorise, orgTypeOf, type Caller } from '../tenant/caller.ts';
import { isPortalClient } from './client-credentials.ts';
import { rememberSignedInUser, userOfLiveSession } from './signed-in-user.ts';

/**
 * Who makes a call, from its definition's audience and its Authorization header: null for a sign-in call
 * or the portal client's, else the user of a valid access token with a live session, authorised for the
 * audience. The registrar asks this through `AppServices.authenticate`.
 */
export async function authenticate(def: CallDefinition, request: FastifyRequest, db: Db, tokens: Pick<TokenService, 'verify'>): Promise<Caller | null> {
  if (def.audience === 'signed') return null;
  const authorization = request.headers.authorization;
  if (def.audience === 'client') {
    if (!isPortalClient(authorization)) throw new AppError('INVALID_CLIENT');
    return null;
  }
  if (!authorization?.startsWith('Bearer ')) throw new AppError('UNAUTHORIZED');
  const claims = await tokens.verify(authorization.slice(7).trim());
  if (!claims) throw new AppError('UNAUTHORIZED');
  // A token outlives changes to its user: a deleted, deactivated or locked user, or a revoked session
  // (logout, password change), is signed out at once. One prepared query: the user joined to the live session.
  const user = await userOfLiveSession(db, claims.userId, claims.sessionId);
  if (!user || user.status !== 'ACTIVE') throw new AppError('UNAUTHORIZED');
  rememberSignedInUser(request, user);
  const caller: Caller = { userId: user.id, role: user.role, org: user.orgId, orgType: orgTypeOf(user.role), name: user.name };
  authorise(def.audience, caller);
  return caller;
}
