import { Command } from 'commander';
import { definitions, matchDefinition } from '@corridor/api';
import type { HttpMethod } from '@corridor/api';
import type { CommandContext } from '../../command-context.ts';
import type { ContextOf } from '../../command-factory.ts';
import { collect, examples } from '../../command-factory.ts';
import type { QueryParams } from '../../client/corridor-api.ts';
import { collectPages } from '../../client/pages.ts';
import { fillPath } from '../../contract/path-template.ts';
import { UsageError } from '../../errors.ts';
import { renderJson } from '../../output/render.ts';
import { signedInApi } from '../../session.ts';
import { parseKeyValues } from './key-value.ts';

interface ApiCallOptions {
  query: string[];
  params: string[];
  input?: string;
  paginate: boolean;
  /** `-H 'Name: value'`, repeatable. */
  headers?: string[];
  /** Sent as Idempotency-Key: a retried script sends the same key and the server answers the first result. */
  idempotencyKey?: string;
}

/** RFC 9110 token characters: what a header name may be made of. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * Header names are case-insensitive, but the client sets Accept, Authorization, Content-Type and
 * Idempotency-Key in this casing: one casing for every name makes a -H replace them instead of being
 * sent beside them.
 */
function canonicalName(name: string): string {
  return name
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1).toLowerCase())
    .join('-');
}

/**
 * Parses the -H values and --idempotency-key into one header record (a later -H of a name wins).
 * @internal
 */
export function parseHeaders(values: readonly string[], idempotencyKey?: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const raw of values) {
    const at = raw.indexOf(':');
    const name = at < 0 ? '' : raw.slice(0, at).trim();
    if (!HEADER_NAME.test(name)) throw new UsageError(`-H ${raw}: use 'Name: value'`);
    const value = raw.slice(at + 1).trim();
    if (/[\r\n]/.test(value)) throw new UsageError(`-H ${name}: a header value cannot span lines`);
    headers[canonicalName(name)] = value;
  }
  if (idempotencyKey !== undefined) {
    if (idempotencyKey.trim() === '') throw new UsageError('--idempotency-key cannot be empty');
    if (headers['Idempotency-Key'] !== undefined) throw new UsageError('give the key once: --idempotency-key or -H Idempotency-Key, not both');
    headers['Idempotency-Key'] = idempotencyKey;
  }
  return headers;
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

/**
 * `corridor api <METHOD> <path>`: any call of the contract, printed as JSON.
 * @internal
 */
export async function apiCall(context: CommandContext, methodText: string, rawPath: string, options: ApiCallOptions): Promise<void> {
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
  const headers = parseHeaders(options.headers ?? [], options.idempotencyKey);
  const body = options.input === undefined ? undefined : await readBody(context, options.input);

  // A template as typed matches its own definition: its {placeholders} match any segment.
  const match = matchDefinition(definitions, method, template);
  if (!match) context.terminal.stderr(`warning: ${method} ${template} matches no call of the contract; sending it as given\n`);

  const { api } = await signedInApi(context);
  if (options.paginate) {
    context.terminal.stdout(renderJson(await collectPages(api, method, path, query, body, headers)));
    return;
  }
  const answer = await api.request(method, path, Object.keys(headers).length === 0 ? { query, body } : { query, body, headers });
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

/** The `api` command. */
export function newApiCommand(contextOf: ContextOf): Command {
  return new Command('api')
    .description('call any path of the contract and print the JSON answer')
    .argument('<method>', 'GET, POST, PUT, PATCH or DELETE')
    .argument('<path>', 'a concrete path or a template such as /v1/currencies/{code}')
    .option('-q, --query <key=value>', 'query parameter (repeatable; a repeated key sends a list)', collect, [])
    .option('-p, --param <key=value>', 'path parameter for a {placeholder} (repeatable)', collect, [])
    .option('-H, --header <name: value>', 'request header (repeatable)', collect, [])
    .option(
      '--idempotency-key <key>',
      'Idempotency-Key of a creating call: send the same key when retrying and the server answers the first result instead of creating twice',
    )
    .option('--input <file>', "JSON body from a file, or '-' for stdin")
    .option('--paginate', 'walk page=0,1,... until totalPages and print one array of all content')
    .addHelpText(
      'after',
      examples([
        'corridor api GET /users/me',
        'corridor api GET /v1/internal/cache/get -q cacheNameLike=currenc',
        "corridor api GET '/v1/currencies/{code}' -p code=EUR",
        'corridor api GET /v1/internal/errors -q size=50 --paginate | jq length',
        'corridor api POST /v1/internal/users --input user.json --idempotency-key "create-user-$BATCH_ID"',
        "corridor api GET /users/me -H 'Accept-Language: ar'",
        'echo \'{"status":"ACTIVE"}\' | corridor api PUT /some/path --input -',
      ]) +
        '\nA method and path that match no call of the contract are sent anyway, with a warning on stderr.\n' +
        'Without --idempotency-key a creating call gets a fresh key on every run, so a retried run creates again.\n',
    )
    .action(
      async (
        method: string,
        path: string,
        options: { query: string[]; param: string[]; header: string[]; idempotencyKey?: string; input?: string; paginate?: boolean },
        command: Command,
      ) => {
        const callOptions: ApiCallOptions = {
          query: options.query,
          params: options.param,
          headers: options.header,
          paginate: options.paginate === true,
        };
        if (options.input !== undefined) callOptions.input = options.input;
        if (options.idempotencyKey !== undefined) callOptions.idempotencyKey = options.idempotencyKey;
        await apiCall(contextOf(command), method, path, callOptions);
      },
    );
}
