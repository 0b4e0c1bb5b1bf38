import type { CommandContext } from '../../command-context.ts';
import type { QueryParams } from '../../client/corridor-api.ts';
import { renderData } from '../../output/render.ts';
import { signedInApi } from '../../session.ts';

/** `corridor cache list [--like NAME]`: the server's named caches (GET /v1/internal/cache/get). */
export async function cacheList(context: CommandContext, options: { like?: string }): Promise<void> {
  const { api } = await signedInApi(context);
  const query: QueryParams = options.like === undefined ? {} : { cacheNameLike: options.like };
  const answer = await api.request('GET', '/v1/internal/cache/get', { query });
  context.terminal.stdout(renderData(answer, context.mode));
}
