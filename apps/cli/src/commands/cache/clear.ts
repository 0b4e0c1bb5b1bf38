import { Command } from 'commander';
import type { CommandContext } from '../../command-context.ts';
import type { ContextOf } from '../../command-factory.ts';
import { examples } from '../../command-factory.ts';
import { UsageError } from '../../errors.ts';
import { renderData } from '../../output/render.ts';
import { signedInApi } from '../../session.ts';

/**
 * `corridor cache clear --like NAME` (internal.cacheClear). The pattern is required: the call clears
 * every cache when it is absent, and that must not happen by a forgotten option.
 * @internal
 */
export async function cacheClear(context: CommandContext, options: { like?: string }): Promise<void> {
  if (options.like === undefined || options.like === '') {
    throw new UsageError('--like NAME is required (part of the names of the caches to clear)');
  }
  const { api } = await signedInApi(context);
  const answer = await api.call('internal.cacheClear', { query: { cacheNameLike: options.like } });
  if (context.mode === 'json') {
    context.terminal.stdout(renderData(answer, 'json'));
    return;
  }
  const names = answer.cleared;
  context.terminal.stdout(renderData(names, context.mode));
  context.terminal.stderr(`Cleared ${names.length} cache${names.length === 1 ? '' : 's'} matching "${options.like}".\n`);
}

/** The `cache clear` command. */
export function newCacheClearCommand(contextOf: ContextOf): Command {
  return new Command('clear')
    .description('clear the caches whose name contains NAME')
    .option('--like <name>', 'part of the cache names to clear (required)')
    .addHelpText('after', examples(['corridor cache clear --like currenc', 'corridor cache clear --like rates --json']))
    .action(async (options: { like?: string }, command: Command) => {
      await cacheClear(contextOf(command), options);
    });
}
