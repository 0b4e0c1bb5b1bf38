import { Command } from 'commander';
import type { ContextOf } from '../../command-factory.ts';
import { examples } from '../../command-factory.ts';
import type { CommandContext } from '../../command-context.ts';
import { isApiFailure } from '../../client/api-failure.ts';
import { NotSignedInError } from '../../errors.ts';
import { renderRecord } from '../../output/render.ts';
import { signedInApi } from '../../session.ts';
import { organisationName } from './organisation-name.ts';

/**
 * `corridor whoami`: the signed-in user as the backend sees it (GET /users/me) and its company.
 * @internal
 */
export async function whoami(context: CommandContext): Promise<void> {
  const { api, apiRoot } = await signedInApi(context);
  let user;
  try {
    user = await api.currentUser();
  } catch (error) {
    if (isApiFailure(error) && error.status === 401) {
      throw new NotSignedInError(`the token of profile ${context.profileName} was refused (expired or revoked): run corridor login`, error);
    }
    throw error;
  }

  // The company name is a nicety: a backend that cannot answer it must not hide who the user is.
  let company: string | undefined;
  try {
    company = await organisationName(api, user);
  } catch (error) {
    const reason = isApiFailure(error) ? `${error.code} - ${error.message}` : (error as Error).message;
    context.terminal.stderr(`warning: could not load the organisation name: ${reason}\n`);
  }

  if (context.mode === 'json') {
    context.terminal.stdout(
      renderRecord(
        [
          ['id', user.id],
          ['digit9Id', user.digit9Id],
          ['name', user.name],
          ['role', user.role],
          ['organisationType', user.organisationType],
          ['parentId', user.parentId],
          ['organisationName', company ?? null],
          ['apiRoot', apiRoot],
        ],
        'json',
      ),
    );
    return;
  }
  const where = user.parentId === null ? user.organisationType : `${user.organisationType} ${user.parentId}`;
  context.terminal.stdout(
    renderRecord(
      [
        ['id', user.id],
        ['digit9Id', user.digit9Id],
        ['name', user.name],
        ['role', user.role],
        ['organisation', company === undefined ? where : `${company} (${where})`],
        ['apiRoot', apiRoot],
      ],
      context.mode,
    ),
  );
}

/** The `whoami` command. */
export function newWhoamiCommand(contextOf: ContextOf): Command {
  return new Command('whoami')
    .description('show the signed-in user: id, name, role, organisation (GET /users/me)')
    .addHelpText('after', examples(['corridor whoami', 'corridor whoami --json', 'CORRIDOR_TOKEN=... corridor whoami --json']))
    .action(async (_options: unknown, command: Command) => {
      await whoami(contextOf(command));
    });
}
