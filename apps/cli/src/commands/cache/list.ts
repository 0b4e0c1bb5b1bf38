import { Command } from 'commander';
import type { CommandContext } from '../../command-context.ts';
import type { ContextOf } from '../../command-factory.ts';
import { examples } from '../../command-factory.ts';
import { renderData } from '../../output/render.ts';
import { signedInApi } from '../../session.ts';

/**
 * `corridor cache list [--like NAME]`: the server's named caches (internal.cacheGet).
 * @internal
 */
export async function cacheList(context: CommandContext, options: { like?: string }): Promise<void> {
  const { api } = await signedInApi(context);
  const answer = await api.call('internal.cacheGet', { query: options.like === undefined ? {} : { cacheNameLike: options.like } });
  context.terminal.stdout(renderData(answer, context.mode));
}

/** The `cache list` command. */
export function newCacheListCommand(contextOf: ContextOf): Command {
  return new Command('list')
    .description('list caches with their size, hits and misses')
    .option('--like <name>', 'only caches whose name contains this text')
    .addHelpText('after', examples(['corridor cache list', 'corridor cache list --like currenc --json']))
    .action(async (options: { like?: string }, command: Command) => {
      await cacheList(contextOf(command), options);
    });
}
