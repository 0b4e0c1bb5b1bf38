import { Command } from 'commander';
import type { CommandContext } from '../../command-context.ts';
import type { ContextOf } from '../../command-factory.ts';
import { examples } from '../../command-factory.ts';
import { AnsweredError } from '../../errors.ts';
import { ExitCode } from '../../exit-codes.ts';
import { renderJson, renderRecord } from '../../output/render.ts';
import { sessionStatus } from '../../session.ts';

function loginHint(profile: string): string {
  return `run corridor login${profile === 'default' ? '' : ` --profile ${profile}`}`;
}

/**
 * `corridor auth status` (like `gh auth status`): the profile, its server, its user, whether it holds a
 * session and when its tokens expire, read from the config file alone (nothing is sent, no token is
 * printed). Exits 0 when signed in, 3 when not, after printing the status either way.
 * @internal used by its tests
 */
export async function authStatus(context: CommandContext): Promise<void> {
  const status = await sessionStatus(context);
  if (context.mode === 'json') {
    context.terminal.stdout(renderJson(status));
  } else {
    context.terminal.stdout(
      renderRecord(
        [
          ['profile', status.profile],
          ['apiRoot', status.apiRoot],
          ['user', status.user],
          ['signedIn', status.signedIn ? 'yes' : 'no'],
          ['session', status.session],
          ['tokenSource', status.tokenSource],
          ['accessTokenExpiresAt', status.accessTokenExpiresAt],
          ['refreshTokenExpiresAt', status.refreshTokenExpiresAt],
          ['configFile', status.configFile],
        ],
        context.mode,
      ),
    );
  }
  if (!status.signedIn) {
    const why = status.session === 'expired' ? 'its session has expired' : 'it holds no session';
    const message = `profile ${status.profile} is not signed in (${why}): ${loginHint(status.profile)}`;
    context.terminal.stderr(`${message}\n`);
    throw new AnsweredError(message, ExitCode.notSignedIn);
  }
}

export function newAuthStatusCommand(contextOf: ContextOf): Command {
  return new Command('status')
    .description('show the profile, its server, its user and when its tokens expire (no secret is printed; exit 3 when not signed in)')
    .addHelpText(
      'after',
      `${examples([
        'corridor auth status',
        'corridor auth status --profile staging',
        'corridor --json auth status | jq -r .refreshTokenExpiresAt',
        'corridor auth status >/dev/null 2>&1 || corridor login',
      ])}
Reads the config file only: nothing is sent to the server (corridor whoami asks it who you are).
session: active (access token valid), renewable (access token expired, refresh token valid; the next
command renews it), expired (both expired), none, or environment (CORRIDOR_TOKEN is set).
`,
    )
    .action(async (_options: unknown, command: Command) => {
      await authStatus(contextOf(command));
    });
}
