import type { CommandContext } from '../../command-context.ts';
import { UsageError } from '../../errors.ts';
import { renderData } from '../../output/render.ts';
import { signedInApi } from '../../session.ts';

function clearedNames(answer: unknown): string[] {
  const cleared = (answer as { cleared?: unknown } | undefined)?.cleared;
  return Array.isArray(cleared) ? cleared.filter((n): n is string => typeof n === 'string') : [];
}

/**
 * `corridor cache clear --like NAME` (GET /v1/internal/cache/clear). The pattern is required: the call
 * clears every cache when it is absent, and that must not happen by a forgotten option.
 */
export async function cacheClear(context: CommandContext, options: { like?: string }): Promise<void> {
  if (options.like === undefined || options.like === '') {
    throw new UsageError('--like NAME is required (part of the names of the caches to clear)');
  }
  const { api } = await signedInApi(context);
  const answer = await api.request('GET', '/v1/internal/cache/clear', { query: { cacheNameLike: options.like } });
  if (context.mode === 'json') {
    context.terminal.stdout(renderData(answer, 'json'));
    return;
  }
  const names = clearedNames(answer);
  context.terminal.stdout(renderData(names, context.mode));
  context.terminal.stderr(`Cleared ${names.length} cache${names.length === 1 ? '' : 's'} matching "${options.like}".\n`);
}
