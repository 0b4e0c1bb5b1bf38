import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { exportJWK, generateKeyPair } from 'jose';
import type { Configuration, default as Provider } from 'oidc-provider';
import type { DirectoryConfig, ServerConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema.ts';

/**
 * The demo start's stand-in for the organisation's directory: an OpenID Connect provider (oidc-provider)
 * mounted on this server under DEMO_IDP_PATH, whose accounts are Corridor's own users (their ID and
 * password). It lets the login page's directory button be tried with the README's start command; a real
 * deployment sets OIDC_ISSUER_URL and never runs it. Its keys, sessions and client secret live in memory
 * for this start only.
 */
const DEMO_IDP_PATH = '/api/auth/demo-idp';
const DEMO_CLIENT_ID = 'corridor-portal';

/** The directory configuration of the demo start: its own provider on this server, a secret made now. */
export function demoDirectoryConfig(publicUrl: string): DirectoryConfig {
  return {
    issuer: `${publicUrl}${DEMO_IDP_PATH}`,
    clientId: DEMO_CLIENT_ID,
    clientSecret: randomBytes(32).toString('base64url'),
    idClaim: 'digit9Id',
    demo: true,
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} - Demo directory</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f4f5;color:#18181b;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border:1px solid #e4e4e7;border-radius:8px;padding:24px;width:min(360px,90vw)}
h1{font-size:1.25rem;margin:0 0 4px}p{color:#52525b;font-size:.9rem}label{display:block;font-size:.875rem;font-weight:600;margin:12px 0 4px}
input{box-sizing:border-box;width:100%;padding:8px;border:1px solid #a1a1aa;border-radius:6px;font-size:1rem}
button{margin-top:16px;width:100%;padding:10px;border:0;border-radius:6px;background:#18181b;color:#fff;font-size:1rem;cursor:pointer}
button.secondary{background:#fff;color:#18181b;border:1px solid #a1a1aa}.error{color:#b91c1c}
</style></head><body><main>${body}</main></body></html>`;
}

function loginPage(uid: string, error: string | null, digit9Id = ''): string {
  return page(
    'Sign in',
    `<h1>Demo directory</h1><p>Sign in with your Corridor ID and password (demo identity provider).</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${DEMO_IDP_PATH}/interaction/${escapeHtml(uid)}/login">
<label for="digit9Id">ID</label><input id="digit9Id" name="digit9Id" inputmode="numeric" autocomplete="username" required value="${escapeHtml(digit9Id)}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button></form>
<form method="post" action="${DEMO_IDP_PATH}/interaction/${escapeHtml(uid)}/abort"><button type="submit" class="secondary">Cancel</button></form>`,
  );
}

function consentPage(uid: string, clientName: string, scopes: string[]): string {
  return page(
    'Allow access',
    `<h1>Allow ${escapeHtml(clientName)}?</h1><p>${escapeHtml(clientName)} asks to sign you in and to read your profile (${escapeHtml(scopes.join(', '))}).</p>
<form method="post" action="${DEMO_IDP_PATH}/interaction/${escapeHtml(uid)}/consent"><button type="submit">Allow</button></form>
<form method="post" action="${DEMO_IDP_PATH}/interaction/${escapeHtml(uid)}/abort"><button type="submit" class="secondary">Deny</button></form>`,
  );
}

type RawRequest = IncomingMessage & { originalUrl?: string; body?: unknown };

/** Mounts the demo provider and its sign-in and consent pages on the server. */
export async function mountDemoIdp(
  app: FastifyInstance,
  deps: { db: Db; config: ServerConfig; verifyPassword: (password: string, stored: string) => Promise<boolean> },
): Promise<void> {
  const { db, config, verifyPassword } = deps;
  const directory = config.directory;
  if (!directory?.demo) return;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' };

  const configuration: Configuration = {
    clients: [
      {
        client_id: directory.clientId,
        client_secret: directory.clientSecret,
        client_name: 'Corridor',
        redirect_uris: [`${config.publicUrl}/api/auth/oidc/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [signingKey as never] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], profile: ['name', 'digit9Id'] },
    // The ID token carries the profile claims (the Corridor ID among them): the callback reads only it.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    ttl: { AuthorizationCode: 60, IdToken: 600, AccessToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    interactions: { url: (_ctx, interaction) => `${DEMO_IDP_PATH}/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const [user] = await db.select({ id: users.id, digit9Id: users.digit9Id, name: users.name }).from(users).where(eq(users.id, sub));
      if (!user) return undefined;
      return { accountId: user.id, claims: () => ({ sub: user.id, digit9Id: user.digit9Id, name: user.name }) };
    },
  };
  // Loaded only by the demo start: no other start pays for it.
  const { default: OidcProvider } = await import('oidc-provider');
  const provider = new OidcProvider(directory.issuer, configuration);
  const handle = provider.callback();

  // Everything else under the path is the provider itself (discovery, authorization, token, keys).
  app.all(`${DEMO_IDP_PATH}/*`, async (request: FastifyRequest, reply: FastifyReply) => {
    const raw = request.raw as RawRequest;
    raw.originalUrl = raw.url;
    raw.url = (raw.url ?? '').slice(DEMO_IDP_PATH.length) || '/';
    // Fastify has read the form body already: the provider takes it from req.body.
    if (request.body !== undefined) raw.body = request.body;
    reply.hijack();
    await handle(raw, reply.raw);
  });

  const interactionPath = `${DEMO_IDP_PATH}/interaction/:uid`;
  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
  const finish = async (request: FastifyRequest, reply: FastifyReply, result: Parameters<Provider['interactionFinished']>[2], merge: boolean) => {
    reply.hijack();
    await provider.interactionFinished(request.raw, reply.raw, result, { mergeWithLastSubmission: merge });
  };

  app.get(interactionPath, async (request, reply) => {
    const details = await provider.interactionDetails(request.raw, reply.raw);
    if (details.prompt.name === 'login') return html(reply, loginPage(details.uid, null));
    const client = await provider.Client.find(String(details.params.client_id));
    const scopes = String(details.params.scope ?? 'openid').split(' ');
    return html(reply, consentPage(details.uid, client?.clientName ?? 'Corridor', scopes));
  });

  app.post(`${interactionPath}/login`, async (request, reply) => {
    const details = await provider.interactionDetails(request.raw, reply.raw);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const digit9Id = typeof body.digit9Id === 'string' ? body.digit9Id.trim() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    const [user] = digit9Id === '' ? [] : await db.select().from(users).where(eq(users.digit9Id, digit9Id));
    const valid = user !== undefined && user.status === 'ACTIVE' && (await verifyPassword(password, user.passwordHash));
    if (!valid) return html(reply, loginPage(details.uid, 'The ID or password is not right.', digit9Id), 401);
    return finish(request, reply, { login: { accountId: user.id } }, false);
  });

  app.post(`${interactionPath}/consent`, async (request, reply) => {
    const { prompt, params, session, grantId } = await provider.interactionDetails(request.raw, reply.raw);
    if (!session) return html(reply, page('Expired', '<h1>This sign-in has expired.</h1>'), 400);
    const grant = grantId ? await provider.Grant.find(grantId) : new provider.Grant({ accountId: session.accountId, clientId: String(params.client_id) });
    if (!grant) return html(reply, page('Expired', '<h1>This sign-in has expired.</h1>'), 400);
    const details = prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
    if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
    return finish(request, reply, { consent: { grantId: await grant.save() } }, true);
  });

  app.post(`${interactionPath}/abort`, async (request, reply) =>
    finish(request, reply, { error: 'access_denied', error_description: 'The user refused the sign-in' }, false),
  );
}
