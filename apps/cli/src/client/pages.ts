import type { HttpMethod } from '@corridor/api';
import { CliError } from '../errors.ts';
import { ExitCode } from '../exit-codes.ts';
import type { CorridorApi, QueryParams } from './corridor-api.ts';

interface PageShape {
  content: unknown[];
  totalPages: number;
}

function asPage(value: unknown): PageShape | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const candidate = value as Partial<PageShape>;
  if (!Array.isArray(candidate.content) || typeof candidate.totalPages !== 'number') return undefined;
  return { content: candidate.content, totalPages: candidate.totalPages };
}

/** Walks page=0,1,... until totalPages and returns all `content` in order. */
export async function collectPages(
  api: CorridorApi,
  method: HttpMethod,
  path: string,
  query: QueryParams,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<unknown[]> {
  const all: unknown[] = [];
  for (let page = 0; ; page += 1) {
    const pageQuery = { ...query, page: String(page) };
    const answer = await api.request(method, path, Object.keys(headers).length === 0 ? { query: pageQuery, body } : { query: pageQuery, body, headers });
    const current = asPage(answer);
    if (!current) {
      throw new CliError(`the answer to ${method} ${path} page ${page} is not a page ({ content, totalPages })`, ExitCode.unexpected);
    }
    all.push(...current.content);
    // An empty page also stops the walk, so a backend that miscounts cannot loop forever.
    if (page + 1 >= current.totalPages || current.content.length === 0) return all;
  }
}
