import { Command } from 'commander';
import type { ContextOf } from '../../command-factory.ts';
import { examples } from '../../command-factory.ts';
import type { CommandContext } from '../../command-context.ts';
import { isApiFailure } from '../../client/api-failure.ts';
import { readProfile, updateProfile } from '../../config/config-store.ts';
import { renderJson } from '../../output/render.ts';
import { sessionApiRoot, withoutSession } from '../../session.ts';
import { resolveClientCredentials } from './client-credentials.ts';

/**
 * `corridor logout`: ends the session on the server (POST /oauth/revoke), then forgets its tokens; the
 * root and username stay for the next login. A server that cannot be reached does not keep the tokens
 * on disk: they are forgotten all the same, with a warning that the session lives on until it expires.
 * @internal
 */
export async function logout(context: CommandContext): Promise<void> {
  const before = await readProfile(context.config, context.profileName);
  const token = before.refreshToken ?? before.token;
  const wasSignedIn = token !== undefined;
  let revoked = false;
  if (token !== undefined) {
    // Another server than the one that issued the tokens never gets them: refused, the session kept.
    const apiRoot = sessionApiRoot(context, before);
    const api = context.createApi({
      apiRoot,
      clientCredentials: resolveClientCredentials({}, context.env),
    });
    try {
      await api.revoke(token);
      revoked = true;
    } catch (error) {
      const reason = isApiFailure(error) ? `${error.code} - ${error.message}` : (error as Error).message;
      context.terminal.stderr(`warning: the server did not end the session (${reason}); it ends when its token expires.\n`);
    }
    await updateProfile(context.config, context.profileName, withoutSession);
  }
  if (context.mode === 'json') {
    context.terminal.stdout(renderJson({ profile: context.profileName, signedOut: wasSignedIn, revoked }));
    return;
  }
  context.terminal.stderr(wasSignedIn ? `Signed out of profile ${context.profileName}.\n` : `Profile ${context.profileName} was not signed in.\n`);
}

/** The `logout` command. */
export function newLogoutCommand(contextOf: ContextOf): Command {
  return new Command('logout')
    .description("end the profile's session on the server (POST /oauth/revoke) and forget its tokens")
    .addHelpText('after', examples(['corridor logout', 'corridor logout --profile staging']))
    .action(async (_options: unknown, command: Command) => {
      await logout(contextOf(command));
    });
}
