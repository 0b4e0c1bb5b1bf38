import { Command } from 'commander';
import { definitions, matchDefinition } from '@corridor/api';
import type { HttpMethod } from '@corridor/api';
import type { CommandContext } from '../../command-context.ts';
import type { ContextOf } from '../../command-factory.ts';
import { collect, examples } from '../../command-factory.ts';
import type { HttpObserver, QueryParams, ReceivedHead } from '../../client/corridor-api.ts';
import { collectPages } from '../../client/pages.ts';
import { fillPath } from '../../contract/path-template.ts';
import { UsageError } from '../../errors.ts';
import { renderJson } from '../../output/render.ts';
import { signedInApi } from '../../session.ts';
import { fieldsBody, fieldsQuery, parseFields } from './fields.ts';
import type { FieldArg } from './fields.ts';
import { canonicalName, headText, requestTrace, responseTrace } from './http-trace.ts';
import { applyJq, checkJqFilter } from './jq.ts';
import { parseKeyValues } from './key-value.ts';

interface ApiCallOptions {
  query: string[];
  params: string[];
  input?: string;
  paginate: boolean;
  /** -f (raw string) and -F (typed) fields in the order given: the JSON body, or the query of a GET. */
  fields?: FieldArg[];
  /** -i: the status line and headers before the body. */
  include?: boolean;
  /** The request and the answer's head on stderr, secrets masked. */
  verbose?: boolean;
  /** A jq filter the answer goes through (jq 1.8, -r). */
  jq?: string;
  /** `-H 'Name: value'`, repeatable. */
  headers?: string[];
  /** Sent as Idempotency-Key: a retried script sends the same key and the server answers the first result. */
  idempotencyKey?: string;
}

/** RFC 9110 token characters: what a header name may be made of. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

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
    // The client sets Accept, Authorization, Content-Type and Idempotency-Key in this casing: one
    // casing makes a -H replace them instead of being sent beside them.
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
export async function apiCall(context: CommandContext, methodText: string | undefined, rawPath: string, options: ApiCallOptions): Promise<void> {
  const fieldArgs = options.fields ?? [];
  // As gh: GET, or POST when fields or a body are given, unless a method is named.
  const method = methodText === undefined ? (fieldArgs.length > 0 || options.input !== undefined ? 'POST' : 'GET') : parseMethod(methodText);
  if (options.include && context.mode === 'json')
    throw new UsageError('-i prints headers before the body: it cannot go with --json (stdout holds one JSON document)');
  if (options.include && options.paginate) throw new UsageError('-i shows one answer: leave it out with --paginate');
  if (options.jq !== undefined && context.mode === 'json') throw new UsageError('--jq prints its own results: leave out --json');
  if (options.jq !== undefined) await checkJqFilter(options.jq);
  const { path: template, query: inlineQuery } = splitPath(rawPath);
  const params = parseKeyValues(options.params, '-p');
  const singleParams: Record<string, string> = {};
  for (const [key, values] of Object.entries(params)) {
    if (values.length > 1) throw new UsageError(`-p ${key} given more than once`);
    singleParams[key] = values[0] ?? '';
  }
  const path = fillPath(template, singleParams);
  const headers = parseHeaders(options.headers ?? [], options.idempotencyKey);
  const fields = await parseFields(context, fieldArgs);
  // Fields go to the query of a GET, and beside a body read from --input (as gh).
  const fieldsInQuery = method === 'GET' || options.input !== undefined;
  const query = toQuery(parseKeyValues([...inlineQuery, ...options.query, ...(fieldsInQuery ? fieldsQuery(fields) : [])], '-q'));
  const body = options.input !== undefined ? await readBody(context, options.input) : fields.length > 0 && !fieldsInQuery ? fieldsBody(fields) : undefined;

  // A template as typed matches its own definition: its {placeholders} match any segment.
  const match = matchDefinition(definitions, method, template);
  if (!match) context.terminal.stderr(`warning: ${method} ${template} matches no call of the contract; sending it as given\n`);

  let head: ReceivedHead | undefined;
  const observer: HttpObserver = {
    request: (request) => {
      if (options.verbose) context.terminal.stderr(requestTrace(request));
    },
    response: (received) => {
      head = received;
      if (options.verbose) context.terminal.stderr(responseTrace(received));
    },
  };
  const { api } = await signedInApi(context, options.include || options.verbose ? { observer } : {});
  if (options.paginate) {
    const all = await collectPages(api, method, path, query, body, headers);
    context.terminal.stdout(options.jq === undefined ? renderJson(all) : await applyJq(all, options.jq));
    return;
  }
  let answer: unknown;
  try {
    answer = await api.request(method, path, Object.keys(headers).length === 0 ? { query, body } : { query, body, headers });
  } catch (error) {
    // -i shows the head of a refused call too; the error itself goes to stderr as always.
    if (options.include && head !== undefined) context.terminal.stdout(headText(head));
    throw error;
  }
  if (options.include && head !== undefined) context.terminal.stdout(headText(head));
  if (options.jq !== undefined) {
    if (answer instanceof Uint8Array) throw new UsageError('--jq reads JSON: this answer is bytes');
    context.terminal.stdout(await applyJq(answer, options.jq));
    return;
  }
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

/** Counts -f and -F as commander reads them, so both lists merge back in the order typed. */
let fieldsRead = 0;

/** Commander's collector for -f and -F. */
function collectField(typed: boolean) {
  return (pair: string, previous: Array<FieldArg & { at: number }>): Array<FieldArg & { at: number }> => [...previous, { typed, pair, at: (fieldsRead += 1) }];
}

interface ApiCommandOptions {
  method?: string;
  query: string[];
  param: string[];
  header: string[];
  rawField: Array<FieldArg & { at: number }>;
  field: Array<FieldArg & { at: number }>;
  idempotencyKey?: string;
  input?: string;
  paginate?: boolean;
  include?: boolean;
  verbose?: boolean;
  jq?: string;
}

/** The `api` command. */
export function newApiCommand(contextOf: ContextOf): Command {
  return new Command('api')
    .description('call any path of the contract and print the JSON answer (like gh api)')
    .usage('[options] [METHOD] <path>')
    .argument('<method-or-path>', 'GET, POST, PUT, PATCH or DELETE, then the path; or the path alone (with -X, or GET / POST by default)')
    .argument('[path]', 'a concrete path or a template such as /v1/currencies/{code}')
    .option('-X, --method <method>', 'the HTTP method (default GET, or POST when -f/-F/--input give a body)')
    .option('-f, --raw-field <key=value>', 'a string field of the JSON body (the query of a GET); key, key[] or key[sub] (repeatable)', collectField(false), [])
    .option(
      '-F, --field <key=value>',
      "a typed field: true, false, null and whole numbers become JSON, @file the file's text (@- stdin); decimals stay strings (repeatable)",
      collectField(true),
      [],
    )
    .option('-q, --query <key=value>', 'query parameter (repeatable; a repeated key sends a list)', collect, [])
    .option('-p, --param <key=value>', 'path parameter for a {placeholder} (repeatable)', collect, [])
    .option('-H, --header <name: value>', 'request header (repeatable)', collect, [])
    .option(
      '--idempotency-key <key>',
      'Idempotency-Key of a creating call: send the same key when retrying and the server answers the first result instead of creating twice',
    )
    .option('--input <file>', "JSON body from a file, or '-' for stdin (then -f/-F go to the query)")
    .option('--paginate', 'walk page=0,1,... until totalPages and print one array of all content')
    .option('-i, --include', 'print the status line and the headers before the body')
    .option('--verbose', 'show the request and the answer\'s headers on stderr (Authorization as "Bearer ***")')
    .option('--jq <filter>', 'filter the answer with jq (jq 1.8 built in): one result per line, strings without quotes')
    .addHelpText(
      'after',
      examples([
        'corridor api /users/me',
        'corridor api GET /v1/internal/cache/get -q cacheNameLike=currenc',
        "corridor api '/v1/currencies/{code}' -p code=EUR --jq .name",
        'corridor api /v1/internal/errors -f size=50 --paginate --jq length',
        'corridor api -X POST /v1/merchant/wallets -f alias=Payroll -f currencyCode=AED -F limits[]=100 --idempotency-key "wallet-$BATCH_ID"',
        'corridor api POST /v1/internal/users --input user.json --idempotency-key "create-user-$BATCH_ID"',
        'corridor api -X PUT /some/path -F enabled=true -F note=@note.txt',
        "corridor api /users/me -H 'Accept-Language: ar' -i",
        'corridor api /users/me --verbose 2>trace.txt',
        "corridor api /m/api/v1/transactions/payments -f status=FAILED --jq '.content[].paymentId'",
      ]) +
        '\nA method and path that match no call of the contract are sent anyway, with a warning on stderr.\n' +
        'Without --idempotency-key a creating call gets a fresh key on every run, so a retried run creates again.\n' +
        '--jq runs jq itself (the jq-wasm package: jq 1.8 as WebAssembly inside the package, nothing to install).\n',
    )
    .action(async (first: string, second: string | undefined, options: ApiCommandOptions, command: Command) => {
      if (second !== undefined && options.method !== undefined) {
        throw new UsageError(`give the method once: -X ${options.method} or ${first} before the path, not both`);
      }
      const method = second === undefined ? options.method : first;
      const path = second ?? first;
      const callOptions: ApiCallOptions = {
        query: options.query,
        params: options.param,
        headers: options.header,
        paginate: options.paginate === true,
        fields: [...options.rawField, ...options.field].sort((a, b) => a.at - b.at).map(({ typed, pair }) => ({ typed, pair })),
        include: options.include === true,
        verbose: options.verbose === true,
      };
      if (options.input !== undefined) callOptions.input = options.input;
      if (options.idempotencyKey !== undefined) callOptions.idempotencyKey = options.idempotencyKey;
      if (options.jq !== undefined) callOptions.jq = options.jq;
      await apiCall(contextOf(command), method, path, callOptions);
    });
}
