import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { CacheRegistry } from '../cache/named-cache.ts';
import type { FastifyRequest } from 'fastify';
import type { CallDefinition } from '@corridor/api';
import type { Caller } from '../tenant/caller.ts';
import type { Tenant } from '../tenant/tenant.ts';
import type { FileStorage } from '../lib/file-storage.ts';

/** What a verified access token says: the caller and the session it belongs to. */
export interface AccessClaims extends Caller {
  sessionId: string;
}

/**
 * The access tokens a call carries (made by the auth area's `createTokenService`): declared here, beside
 * the other seams handlers share, so the call layer needs nothing of the auth area.
 */
export interface TokenService {
  /** Seconds an access token this service issues lives (`expires_in`). */
  lifetimeSeconds: number;
  issue: (caller: Caller, sessionId: string) => Promise<string>;
  /**
   * The refresh token that follows `refreshToken`: an HMAC of it under a key only the server holds. Being
   * a function of its predecessor, a renewal repeated because its answer was lost (or sent by two tabs at
   * once) hands out the same successor again, and nothing but its hash has to be stored.
   */
  successorOf: (refreshToken: string) => string;
  /** The claims of a valid token: signed by us, with `exp` in the future and a `sid`; null otherwise. */
  verify: (token: string) => Promise<AccessClaims | null>;
}

/** What handlers share: built once per server instance, never module-global (tests run several). */
export interface AppServices {
  db: Db;
  config: ServerConfig;
  cache: CacheRegistry;
  tokens: TokenService;
  /** Uploaded file content on disk. */
  files: FileStorage;
  /** The password check of sign-in: a seam, so tests count how many passwords were really checked. */
  passwords: { verify: (password: string, stored: string) => Promise<boolean> };
  /**
   * Who calls (the auth area's `authenticate`): null for a call with no user (sign-in, the portal client),
   * the authorised caller otherwise; throws UNAUTHORIZED, INVALID_CLIENT or FORBIDDEN.
   */
  authenticate: (def: CallDefinition, request: FastifyRequest, db: Db) => Promise<Caller | null>;
  /** Checks the merchant and wallet ids a list's query names against the caller's organisation (organisations/filter-ids.ts). */
  checkFilterIds: (db: Db, tenantOfCaller: () => Tenant | null, query: object) => Promise<void>;
}
