import type { CommandContext } from './command-context.ts';
import type { ApiConnection, CorridorApi, HttpObserver, TokenGrant } from './client/corridor-api.ts';
import type { Profile } from './config/config-store.ts';
import { readProfile, updateProfile } from './config/config-store.ts';
import { isApiFailure } from './client/api-failure.ts';
import { resolveClientCredentials } from './commands/session/client-credentials.ts';
import { NotSignedInError } from './errors.ts';

const DEFAULT_API_ROOT = 'http://127.0.0.1:8080';

/**
 * --api-root, else the profile's root, else CORRIDOR_API_ROOT, else the local reference server. The
 * profile wins over the environment so a token is never sent to a server it was not issued by.
 */
export function resolveApiRoot(context: CommandContext, profile: Profile): string {
  const root = context.apiRootOption ?? profile.apiRoot ?? context.env['CORRIDOR_API_ROOT'] ?? DEFAULT_API_ROOT;
  return root.replace(/\/+$/, '');
}

function loginHintFor(context: CommandContext, apiRoot: string): string {
  return `run corridor login --api-root ${apiRoot}${context.profileName === 'default' ? '' : ` --profile ${context.profileName}`}`;
}

/**
 * The root a profile's session may be used with: the server that issued its tokens (the profile's root,
 * set by login). --api-root naming another server is refused before anything is sent: that server would
 * get the access token, the refresh token and the client secret, and its 401 would end the profile's
 * session here. CORRIDOR_API_ROOT never moves a profile's session (resolveApiRoot keeps the profile's root).
 * The check is by root; a profile keeps one session, so signing in to another server replaces it (use a
 * profile per server).
 */
export function sessionApiRoot(context: CommandContext, profile: Profile): string {
  const wanted = resolveApiRoot(context, profile);
  // A profile written by hand without a root keeps what it always meant: CORRIDOR_API_ROOT, else the local server.
  const issuer = resolveApiRoot({ ...context, apiRootOption: undefined }, profile);
  if (issuer !== wanted) {
    throw new NotSignedInError(
      `profile ${context.profileName} is signed in to ${issuer}, not ${wanted}: its tokens go only to the server that issued them; ` +
        `${loginHintFor(context, wanted)} (or use another --profile)`,
    );
  }
  return wanted;
}

/** The profile fields a grant sets: both tokens and when each expires. */
export function sessionFields(grant: TokenGrant, now: Date): Pick<Profile, 'token' | 'expiresAt' | 'refreshToken' | 'refreshExpiresAt'> {
  const fields: Pick<Profile, 'token' | 'expiresAt' | 'refreshToken' | 'refreshExpiresAt'> = {
    token: grant.accessToken,
    expiresAt: new Date(now.getTime() + grant.expiresIn * 1000).toISOString(),
  };
  if (grant.refreshToken !== undefined) fields.refreshToken = grant.refreshToken;
  if (grant.refreshExpiresIn !== undefined) {
    fields.refreshExpiresAt = new Date(now.getTime() + grant.refreshExpiresIn * 1000).toISOString();
  }
  return fields;
}

/** The profile without its session: the root and username stay for the next login. */
export function withoutSession(profile: Profile): Profile {
  const { token: _token, expiresAt: _expiresAt, refreshToken: _refresh, refreshExpiresAt: _refreshExpiresAt, ...rest } = profile;
  return rest;
}

export interface SignedIn {
  api: CorridorApi;
  profile: Profile;
  apiRoot: string;
}

/** The variable a CI job sets instead of signing in (like GH_TOKEN); it wins over the profile's token. */
const TOKEN_ENV = 'CORRIDOR_TOKEN';

/** The root a CORRIDOR_TOKEN goes to: --api-root, else CORRIDOR_API_ROOT, else the profile's, else the local server. */
function envTokenApiRoot(context: CommandContext, profile: Profile): string {
  const root = context.apiRootOption ?? context.env['CORRIDOR_API_ROOT'] ?? profile.apiRoot ?? DEFAULT_API_ROOT;
  return root.replace(/\/+$/, '');
}

/** The token CORRIDOR_TOKEN sets, when it sets one. */
export function envToken(context: CommandContext): string | undefined {
  const token = context.env[TOKEN_ENV]?.trim();
  return token === undefined || token === '' ? undefined : token;
}

/** What `corridor auth status` tells: where the session goes and how long it lasts, no secret. */
export interface SessionStatus {
  profile: string;
  apiRoot: string;
  /** The digit9Id the profile signed in as. */
  user: string | null;
  signedIn: boolean;
  /**
   * active: the access token is valid; renewable: it has expired (or is absent) and the refresh token
   * is valid; expired: both have; none: no token at all; environment: CORRIDOR_TOKEN is set.
   */
  session: 'active' | 'renewable' | 'expired' | 'none' | 'environment';
  tokenSource: 'profile' | 'CORRIDOR_TOKEN' | null;
  accessTokenExpiresAt: string | null;
  refreshTokenExpiresAt: string | null;
  configFile: string;
}

function valid(token: string | undefined, expiresAt: string | undefined, now: Date): boolean {
  return token !== undefined && token !== '' && (expiresAt === undefined || new Date(expiresAt) > now);
}

/**
 * The session of the profile as the config file holds it (nothing is sent). A profile signed in to
 * another server than --api-root names is refused as every command refuses it.
 */
export async function sessionStatus(context: CommandContext): Promise<SessionStatus> {
  const profile = await readProfile(context.config, context.profileName);
  const user = profile.username ?? null;
  const configFile = context.config.location;
  // One key order for every case: --json is read by scripts.
  if (envToken(context) !== undefined) {
    return {
      profile: context.profileName,
      apiRoot: envTokenApiRoot(context, profile),
      user,
      signedIn: true,
      session: 'environment',
      tokenSource: TOKEN_ENV,
      accessTokenExpiresAt: null,
      refreshTokenExpiresAt: null,
      configFile,
    };
  }
  const held = Boolean(profile.token) || Boolean(profile.refreshToken);
  const now = context.now();
  const access = valid(profile.token, profile.expiresAt, now);
  const refresh = valid(profile.refreshToken, profile.refreshExpiresAt, now);
  const session = !held ? 'none' : access ? 'active' : refresh ? 'renewable' : 'expired';
  return {
    profile: context.profileName,
    apiRoot: held ? sessionApiRoot(context, profile) : resolveApiRoot(context, profile),
    user,
    signedIn: session === 'active' || session === 'renewable',
    session,
    tokenSource: held ? 'profile' : null,
    accessTokenExpiresAt: profile.token ? (profile.expiresAt ?? null) : null,
    refreshTokenExpiresAt: profile.refreshToken ? (profile.refreshExpiresAt ?? null) : null,
    configFile,
  };
}

/**
 * The api with the token of CORRIDOR_TOKEN: nothing is read from or written to the profile's session and
 * nothing is renewed (the job that set the token owns its lifetime). The root comes from --api-root, else
 * CORRIDOR_API_ROOT, else the profile: the token and the root a job sets belong together.
 */
async function envTokenApi(context: CommandContext, token: string, options: SignedInOptions): Promise<SignedIn> {
  const profile = await readProfile(context.config, context.profileName);
  const apiRoot = envTokenApiRoot(context, profile);
  const api = context.createApi(withObserver({ apiRoot, token }, options));
  async function refusedAs<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (isApiFailure(error) && error.status === 401) {
        throw new NotSignedInError(`the token in ${TOKEN_ENV} was refused (${error.code}): set a valid token or unset ${TOKEN_ENV}`, error);
      }
      throw error;
    }
  }
  const checked: CorridorApi = {
    ...api,
    currentUser: () => refusedAs(() => api.currentUser()),
    request: (method, path, options) => refusedAs(() => api.request(method, path, options)),
    call: (id, ...args) => refusedAs(() => api.call(id, ...args)),
  };
  return { api: checked, profile: { ...profile, token }, apiRoot };
}

function loginHint(context: CommandContext): string {
  return `run corridor login${context.profileName === 'default' ? '' : ` --profile ${context.profileName}`}`;
}

/**
 * Trades the profile's refresh token for new tokens and saves them at once: the refresh token sent is
 * spent on the server, and presenting it again would end the session (theft detection).
 */
async function refreshSession(context: CommandContext, apiRoot: string, profile: Profile): Promise<Profile> {
  const anonymous = context.createApi({ apiRoot, clientCredentials: resolveClientCredentials({}, context.env) });
  let grant: TokenGrant;
  try {
    grant = await anonymous.refreshGrant(profile.refreshToken ?? '');
  } catch (error) {
    if (isApiFailure(error) && error.status === 401) {
      // Ended on the server (logout, password change, lock, reuse): the tokens are worth nothing now.
      await updateProfile(context.config, context.profileName, withoutSession);
      throw new NotSignedInError(`the session of profile ${context.profileName} has ended (${error.code}): ${loginHint(context)}`, error);
    }
    throw error;
  }
  return updateProfile(context.config, context.profileName, (current) => ({ ...current, ...sessionFields(grant, context.now()) }));
}

export interface SignedInOptions {
  /** Sees the calls made with the session's token (`corridor api -i` and `--verbose`); not the renewals. */
  observer?: HttpObserver;
}

function withObserver(connection: ApiConnection, options: SignedInOptions): ApiConnection {
  return options.observer === undefined ? connection : { ...connection, observer: options.observer };
}

/**
 * The api of the current profile with its bearer token; refuses early when there is no session. An
 * access token past its expiry is renewed first; a call answered 401 is renewed once and sent again.
 */
export async function signedInApi(context: CommandContext, options: SignedInOptions = {}): Promise<SignedIn> {
  const fromEnv = envToken(context);
  if (fromEnv !== undefined) return envTokenApi(context, fromEnv, options);
  let profile = await readProfile(context.config, context.profileName);
  if (!profile.token && !profile.refreshToken) {
    throw new NotSignedInError(`not signed in (profile ${context.profileName}): ${loginHint(context)}`);
  }
  const apiRoot = sessionApiRoot(context, profile);
  let refreshed = false;
  const expired = !profile.token || (profile.expiresAt !== undefined && new Date(profile.expiresAt) <= context.now());
  if (expired && profile.refreshToken) {
    profile = await refreshSession(context, apiRoot, profile);
    refreshed = true;
  }
  let api = context.createApi(withObserver({ apiRoot, token: profile.token ?? '' }, options));

  async function withRenewal<T>(call: (current: CorridorApi) => Promise<T>): Promise<T> {
    try {
      return await call(api);
    } catch (error) {
      if (refreshed || !profile.refreshToken || !isApiFailure(error) || error.status !== 401) throw error;
      refreshed = true;
      profile = await refreshSession(context, apiRoot, profile);
      api = context.createApi(withObserver({ apiRoot, token: profile.token ?? '' }, options));
      return call(api);
    }
  }

  const renewing: CorridorApi = {
    passwordGrant: (username, password) => api.passwordGrant(username, password),
    refreshGrant: (refreshToken) => api.refreshGrant(refreshToken),
    revoke: (token) => api.revoke(token),
    currentUser: () => withRenewal((current) => current.currentUser()),
    request: (method, path, options) => withRenewal((current) => current.request(method, path, options)),
    call: (id, ...args) => withRenewal((current) => current.call(id, ...args)),
  };
  return { api: renewing, profile, apiRoot };
}
