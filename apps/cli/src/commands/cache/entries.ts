import type { CommandContext } from '../../command-context.ts';
import { UsageError } from '../../errors.ts';
import { renderData } from '../../output/render.ts';
import { signedInApi } from '../../session.ts';

function entriesOf(answer: unknown): unknown {
  if (typeof answer === 'object' && answer !== null && Array.isArray((answer as { entries?: unknown }).entries)) {
    return (answer as { entries: unknown[] }).entries;
  }
  return answer;
}

/** `corridor cache entries <cacheName>`: what one cache holds (GET /v1/internal/cache/entries). */
export async function cacheEntries(context: CommandContext, cacheName: string): Promise<void> {
  if (cacheName.trim() === '') throw new UsageError('a cache name is required');
  const { api } = await signedInApi(context);
  const answer = await api.request('GET', '/v1/internal/cache/entries', { query: { cacheName } });
  // JSON keeps the whole answer (with the cache name); a table shows the entries as rows.
  context.terminal.stdout(renderData(context.mode === 'json' ? answer : entriesOf(answer), context.mode));
}
