import type { CommandContext } from '../../command-context.ts';
import { renderData } from '../../output/render.ts';
import { signedInApi } from '../../session.ts';
import { collectPages } from '../../client/pages.ts';

/** Large pages: the catalogue of codes is small, so this is usually one request. */
const PAGE_SIZE = '500';

/** `corridor errors`: every error code the backend can answer (GET /v1/internal/errors, all pages). */
export async function errorsList(context: CommandContext): Promise<void> {
  const { api } = await signedInApi(context);
  const codes = await collectPages(api, 'GET', '/v1/internal/errors', { size: PAGE_SIZE }, undefined);
  context.terminal.stdout(renderData(codes, context.mode));
}
