import type { ReceivedHead, SentRequest } from '../../client/corridor-api.ts';

/** Headers whose values are secrets: shown as `Bearer ***`, never as they are. */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);
/** Body fields whose values are secrets (a password, a client secret, a token). */
const SECRET_FIELD = /password|secret|token/i;

/** One casing for header names (`content-type` → `Content-Type`), as people read them and -H sends them. */
export function canonicalName(name: string): string {
  return name
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1).toLowerCase())
    .join('-');
}

function headerValue(name: string, value: string): string {
  if (!SECRET_HEADERS.has(name.toLowerCase())) return value;
  const scheme = /^(Bearer|Basic)\s/i.exec(value);
  return scheme ? `${scheme[1]} ***` : '***';
}

function maskJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskJson);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, SECRET_FIELD.test(key) ? '***' : maskJson(inner)]));
}

/** A request body without its secrets: JSON and form fields named like a password, secret or token. */
function bodyWithoutSecrets(body: string): string {
  try {
    return JSON.stringify(maskJson(JSON.parse(body)));
  } catch {
    if (!/^[^=&\s]+=[^&\s]*(&[^=&\s]+=[^&\s]*)*$/.test(body)) return body;
    const form = new URLSearchParams(body);
    for (const key of [...form.keys()]) if (SECRET_FIELD.test(key)) form.set(key, '***');
    return form.toString();
  }
}

/** `HTTP/1.1 200 OK` and the headers, then a blank line: what `-i` prints before the body. */
export function headText(head: ReceivedHead): string {
  const lines = [
    `HTTP/1.1 ${head.status} ${head.statusText}`.trimEnd(),
    ...head.headers.map(([name, value]) => `${canonicalName(name)}: ${headerValue(name, value)}`),
  ];
  return `${lines.join('\n')}\n\n`;
}

/** The request as `--verbose` shows it on stderr: `> ` lines, secrets masked. */
export function requestTrace(request: SentRequest): string {
  const lines = [
    `> ${request.method} ${request.url}`,
    ...Object.entries(request.headers).map(([name, value]) => `> ${canonicalName(name)}: ${headerValue(name, value)}`),
    '>',
  ];
  if (request.body !== undefined) lines.push(bodyWithoutSecrets(request.body));
  return `${lines.join('\n')}\n`;
}

/** The answer's head as `--verbose` shows it: `< ` lines, Set-Cookie masked. */
export function responseTrace(head: ReceivedHead): string {
  return headText(head)
    .trimEnd()
    .split('\n')
    .map((line) => `< ${line}`)
    .concat('<')
    .join('\n')
    .concat('\n');
}
