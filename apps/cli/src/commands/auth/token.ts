import { Command } from 'commander';
import type { CommandContext } from '../../command-context.ts';
import type { ContextOf } from '../../command-factory.ts';
import { examples } from '../../command-factory.ts';
import { NotSignedInError } from '../../errors.ts';
import { renderJson } from '../../output/render.ts';
import { envToken, signedInApi } from '../../session.ts';

/**
 * `corridor auth token` (like `gh auth token`): the access token on stdout and nothing else, for
 * `$(corridor auth token)`. An expired one is renewed first from the refresh token, as every command
 * renews it; CORRIDOR_TOKEN, when set, is printed as it is (the job owns it).
 * @internal used by its tests
 */
export async function authToken(context: CommandContext): Promise<void> {
  const { profile } = await signedInApi(context);
  const expired = profile.expiresAt !== undefined && new Date(profile.expiresAt) <= context.now();
  if (!profile.token || (expired && envToken(context) === undefined)) {
    throw new NotSignedInError(`the access token of profile ${context.profileName} has expired and cannot be renewed: run corridor login`);
  }
  if (context.mode === 'json') {
    context.terminal.stdout(renderJson({ token: profile.token, expiresAt: profile.expiresAt ?? null }));
    return;
  }
  context.terminal.stdout(`${profile.token}\n`);
}

export function newAuthTokenCommand(contextOf: ContextOf): Command {
  return new Command('token')
    .description('print the access token (renewed first when it has expired) and nothing else')
    .addHelpText(
      'after',
      `${examples([
        'curl -H "Authorization: Bearer $(corridor auth token)" http://127.0.0.1:8080/users/me',
        'CORRIDOR_TOKEN="$(corridor auth token --profile staging)" ./nightly-job.sh',
        'corridor --json auth token | jq -r .expiresAt',
      ])}
The token is a secret: it goes to stdout only, never to a log. It is good only at the server that
issued it (corridor auth status shows which) and for 15 minutes.
`,
    )
    .action(async (_options: unknown, command: Command) => {
      await authToken(contextOf(command));
    });
}
