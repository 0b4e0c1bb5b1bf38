import { Command } from 'commander';
import type { CommandContext } from '../../command-context.ts';
import type { ContextOf } from '../../command-factory.ts';
import { examples } from '../../command-factory.ts';
import { UsageError } from '../../errors.ts';
import { renderData } from '../../output/render.ts';
import { signedInApi } from '../../session.ts';

/**
 * `corridor cache entries <cacheName>`: what one cache holds (internal.cacheEntries).
 * @internal
 */
export async function cacheEntries(context: CommandContext, cacheName: string): Promise<void> {
  if (cacheName.trim() === '') throw new UsageError('a cache name is required');
  const { api } = await signedInApi(context);
  const answer = await api.call('internal.cacheEntries', { query: { cacheName } });
  // JSON keeps the whole answer (with the cache name); a table shows the entries as rows.
  context.terminal.stdout(renderData(context.mode === 'json' ? answer : answer.entries, context.mode));
}

/** The `cache entries` command. */
export function newCacheEntriesCommand(contextOf: ContextOf): Command {
  return new Command('entries')
    .description('list the entries of one cache')
    .argument('<cacheName>', 'the exact cache name (see corridor cache list)')
    .addHelpText('after', examples(['corridor cache entries currencies', 'corridor cache entries countries --json']))
    .action(async (cacheName: string, _options: unknown, command: Command) => {
      await cacheEntries(contextOf(command), cacheName);
    });
}
