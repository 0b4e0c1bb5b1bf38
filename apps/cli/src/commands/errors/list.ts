import { Command } from 'commander';
import type { ContextOf } from '../../command-factory.ts';
import { examples } from '../../command-factory.ts';
import type { CommandContext } from '../../command-context.ts';
import { renderData } from '../../output/render.ts';
import { signedInApi } from '../../session.ts';
import { collectPages } from '../../client/pages.ts';

/** Large pages: the catalogue of codes is small, so this is usually one request. */
const PAGE_SIZE = '500';

/**
 * `corridor errors`: every error code the backend can answer (GET /v1/internal/errors, all pages).
 * @internal
 */
export async function errorsList(context: CommandContext): Promise<void> {
  const { api } = await signedInApi(context);
  const codes = await collectPages(api, 'GET', '/v1/internal/errors', { size: PAGE_SIZE }, undefined);
  context.terminal.stdout(renderData(codes, context.mode));
}

/** The `errors` command. */
export function newErrorsCommand(contextOf: ContextOf): Command {
  return new Command('errors')
    .description('list the error codes the backend can answer (GET /v1/internal/errors)')
    .addHelpText('after', examples(['corridor errors', 'corridor errors --json', 'corridor errors | cut -f1']))
    .action(async (_options: unknown, command: Command) => {
      await errorsList(contextOf(command));
    });
}
