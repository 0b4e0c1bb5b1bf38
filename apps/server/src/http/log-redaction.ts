/** Query parameters that must never reach a log line (the token grant takes passwords in the query). */
const SECRET_PARAMS = ['password', 'client_secret', 'token', 'access_token', 'refresh_token'];

/** @internal */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const name of SECRET_PARAMS) if (params.has(name)) params.set(name, '[REDACTED]');
  return `${url.slice(0, q)}?${params.toString()}`;
}

/** pino serializer of requests: method, redacted url, and who is asking from where. */
export function requestSerializer(request: { method: string; url: string; ip?: string; hostname?: string }) {
  return { method: request.method, url: redactUrl(request.url), hostname: request.hostname, remoteAddress: request.ip };
}

/**
 * pino `redact` paths: whatever a log line carries (a request, an error with its SQL parameters, a
 * body logged while debugging), secrets come out as [REDACTED].
 */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'err.params',
  'err.parameters',
  'err.cause.params',
  'err.cause.parameters',
  'params',
  'parameters',
  ...[
    'password',
    'oldPassword',
    'newPassword',
    'passwordHash',
    'token',
    'access_token',
    'refresh_token',
    'client_secret',
    'signature',
    'authorization',
    'cookie',
    'secret',
  ].flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];
