import type { CallArgsById, CallId, CallOutput, Contract, CurrentUser, HttpMethod } from '@corridor/api';

/** Query values as the command line gives them: repeated keys become arrays. */
export type QueryParams = Record<string, string | string[]>;

/** @internal */
export interface RequestOptions {
  query?: QueryParams;
  body?: unknown;
  /** Extra request headers (`corridor api -H`); they win over the client's own. */
  headers?: Record<string, string>;
}

export interface TokenGrant {
  accessToken: string;
  expiresIn: number;
  /** The session's refresh token (in the body: the CLI never asks for the cookie). */
  refreshToken?: string;
  refreshExpiresIn?: number;
}

/**
 * What the commands need from the backend. Commands depend on this narrow port, not on the generic
 * contract client, so each command is tested with a small fake and the real client is wired once.
 */
export interface CorridorApi {
  /** Password grant on /oauth/token with the client's Basic credentials. */
  passwordGrant(username: string, password: string): Promise<TokenGrant>;
  /** Refresh grant on /oauth/token: the answer carries the next refresh token, the one sent is spent. */
  refreshGrant(refreshToken: string): Promise<TokenGrant>;
  /** POST /oauth/revoke (RFC 7009): ends the session the token belongs to. */
  revoke(token: string): Promise<void>;
  /** GET /users/me with the bearer token. */
  currentUser(): Promise<CurrentUser>;
  /** Any call, by method and concrete path; resolves to the parsed JSON answer (undefined for 204). */
  request(method: HttpMethod, path: string, options?: RequestOptions): Promise<unknown>;
  /** A call of the contract by id, typed end to end (the commands that know their call use this). */
  call<K extends CallId>(id: K, ...args: CallArgsById[K]): Promise<CallOutput<Contract[K]>>;
}

export interface ClientCredentials {
  id: string;
  secret: string;
}

/** A request as it leaves for the server (`corridor api --verbose`). */
export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The body as text; a form of files shows as `(multipart form)`. */
  body: string | undefined;
}

/** The status line and headers of an answer (`corridor api -i` and `--verbose`). */
export interface ReceivedHead {
  status: number;
  statusText: string;
  headers: Array<[string, string]>;
}

/** Sees each HTTP exchange of a connection: what `corridor api -i` and `--verbose` print. */
export interface HttpObserver {
  request?(request: SentRequest): void;
  response?(head: ReceivedHead): void;
}

export interface ApiConnection {
  apiRoot: string;
  token?: string;
  clientCredentials?: ClientCredentials;
  observer?: HttpObserver;
}

export type ApiFactory = (connection: ApiConnection) => CorridorApi;
