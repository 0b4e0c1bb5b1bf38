import * as oidc from 'openid-client';
import type { DirectoryConfig } from '../../config.ts';

/** What a sign-in started with and its callback must find again (kept in the sealed cookie). */
export interface PendingSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Why a directory sign-in failed, as the login page names it (`/login?directoryError=...`). */
export type DirectoryFailure = 'refused' | 'expired' | 'unknown-user' | 'failed';

export class DirectorySignInError extends Error {
  constructor(
    readonly reason: DirectoryFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * The directory as an OpenID Connect client: its discovery document read once (and again after a
 * failure), the authorization URL with PKCE (S256), state and nonce, and the code exchange whose ID token
 * is checked for issuer, audience, nonce, expiry and signature (openid-client checks the first ones; the
 * signature check is switched on with enableNonRepudiationChecks, since an ID token taken from the token
 * endpoint is otherwise trusted on TLS alone).
 */
export class DirectoryClient {
  private discovered: Promise<oidc.Configuration> | null = null;

  constructor(
    private readonly config: DirectoryConfig,
    readonly redirectUri: string,
  ) {}

  private configuration(): Promise<oidc.Configuration> {
    this.discovered ??= (async () => {
      const issuer = new URL(this.config.issuer);
      // Plain http only for an issuer on this machine or the demo's own: a real directory is https.
      const insecure = issuer.protocol === 'http:';
      const found = await oidc.discovery(
        issuer,
        this.config.clientId,
        { client_secret: this.config.clientSecret, id_token_signed_response_alg: 'RS256' },
        oidc.ClientSecretBasic(this.config.clientSecret),
        insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
      );
      oidc.enableNonRepudiationChecks(found);
      return found;
    })();
    this.discovered.catch(() => {
      this.discovered = null;
    });
    return this.discovered;
  }

  /** Where the browser goes to sign in, and what its callback must bring back. */
  async start(): Promise<{ url: URL; pending: PendingSignIn }> {
    const configuration = await this.configuration().catch((cause: unknown) => {
      throw new DirectorySignInError('failed', 'the directory could not be reached', { cause });
    });
    const pending: PendingSignIn = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: 'openid profile',
      response_type: 'code',
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
      code_challenge_method: 'S256',
    });
    return { url, pending };
  }

  /**
   * The callback: the code traded for tokens and the ID token checked; answers the user's 9-digit ID
   * from its `idClaim`. An error answer from the directory (the user refused, the directory failed) is
   * 'refused'; a state that is not this browser's is 'expired'; any other problem is 'failed'.
   */
  async finish(callbackUrl: URL, pending: PendingSignIn): Promise<string> {
    const error = callbackUrl.searchParams.get('error');
    if (error !== null) throw new DirectorySignInError('refused', `the directory answered ${error}`);
    if (callbackUrl.searchParams.get('state') !== pending.state)
      throw new DirectorySignInError('expired', 'the state is not the one this browser was sent with');
    const configuration = await this.configuration().catch((cause: unknown) => {
      throw new DirectorySignInError('failed', 'the directory could not be reached', { cause });
    });
    let claims: oidc.IDToken | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (cause) {
      throw new DirectorySignInError('failed', `the directory's answer was refused: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    }
    const id = claims?.[this.config.idClaim];
    if (typeof id !== 'string' || id === '') throw new DirectorySignInError('unknown-user', `the ID token has no ${this.config.idClaim} claim`);
    return id;
  }
}
