import { definitions, matchDefinition } from '@corridor/api';
import type { HttpMethod } from '@corridor/api';
import type { CommandContext } from '../../command-context.ts';
import type { QueryParams } from '../../client/corridor-api.ts';
import { collectPages } from '../../client/pages.ts';
import { fillPath } from '../../contract/path-template.ts';
import { UsageError } from '../../errors.ts';
import { renderJson } from '../../output/render.ts';
import { signedInApi } from '../../session.ts';
import { parseKeyValues } from './key-value.ts';

export interface ApiCallOptions {
  query: string[];
  params: string[];
  input?: string;
  paginate: boolean;
}

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

function parseMethod(text: string): HttpMethod {
  const upper = text.toUpperCase();
  const method = METHODS.find((m) => m === upper);
  if (!method) throw new UsageError(`unknown method "${text}": use one of ${METHODS.join(', ')}`);
  return method;
}

/** Splits `/path?a=1&b=2` so a pasted URL path works; its query joins the -q pairs. */
function splitPath(raw: string): { path: string; query: string[] } {
  if (!raw.startsWith('/')) throw new UsageError(`the path must start with "/", got "${raw}"`);
  const at = raw.indexOf('?');
  if (at < 0) return { path: raw, query: [] };
  const query = [...new URLSearchParams(raw.slice(at + 1))].map(([k, v]) => `${k}=${v}`);
  return { path: raw.slice(0, at), query };
}

function toQuery(values: Record<string, string[]>): QueryParams {
  const query: QueryParams = {};
  for (const [key, list] of Object.entries(values)) query[key] = list.length === 1 ? (list[0] ?? '') : list;
  return query;
}

async function readBody(context: CommandContext, input: string): Promise<unknown> {
  const text = input === '-' ? await context.terminal.readStdin() : await readInputFile(context, input);
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError(`--input ${input}: not valid JSON`);
  }
}

async function readInputFile(context: CommandContext, path: string): Promise<string> {
  try {
    return await context.readFile(path);
  } catch (error) {
    throw new UsageError(`--input ${path}: ${(error as Error).message}`);
  }
}

/** `corridor api <METHOD> <path>`: any call of the contract, printed as JSON. */
export async function apiCall(
  context: CommandContext,
  methodText: string,
  rawPath: string,
  options: ApiCallOptions,
): Promise<void> {
  const method = parseMethod(methodText);
  const { path: template, query: inlineQuery } = splitPath(rawPath);
  const params = parseKeyValues(options.params, '-p');
  const singleParams: Record<string, string> = {};
  for (const [key, values] of Object.entries(params)) {
    if (values.length > 1) throw new UsageError(`-p ${key} given more than once`);
    singleParams[key] = values[0] ?? '';
  }
  const path = fillPath(template, singleParams);
  const query = toQuery(parseKeyValues([...inlineQuery, ...options.query], '-q'));
  const body = options.input === undefined ? undefined : await readBody(context, options.input);

  // A template as typed matches its own definition: its {placeholders} match any segment.
  const match = matchDefinition(definitions, method, template);
  if (!match) context.terminal.stderr(`warning: ${method} ${template} matches no call of the contract; sending it as given\n`);

  const { api } = await signedInApi(context);
  if (options.paginate) {
    context.terminal.stdout(renderJson(await collectPages(api, method, path, query, body)));
    return;
  }
  const answer = await api.request(method, path, { query, body });
  if (answer === undefined) return;
  if (answer instanceof Uint8Array) {
    context.terminal.stdout(answer);
    return;
  }
  if (typeof answer === 'string') {
    context.terminal.stdout(answer.endsWith('\n') ? answer : `${answer}\n`);
    return;
  }
  context.terminal.stdout(renderJson(answer));
}
