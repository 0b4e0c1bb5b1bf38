import { Command } from 'commander';
import type { ContextOf } from '../../command-factory.ts';
import { examples } from '../../command-factory.ts';
import { newCacheClearCommand } from './clear.ts';
import { newCacheEntriesCommand } from './entries.ts';
import { newCacheListCommand } from './list.ts';

/** The `cache` group: its verbs each build themselves. */
export function newCacheCommand(contextOf: ContextOf): Command {
  return new Command('cache')
    .description("the server's named reference-data caches (ADMIN)")
    .addHelpText('after', examples(['corridor cache list', 'corridor cache entries currencies', 'corridor cache clear --like currenc']))
    .addCommand(newCacheListCommand(contextOf))
    .addCommand(newCacheEntriesCommand(contextOf))
    .addCommand(newCacheClearCommand(contextOf));
}
