/**
 * Documented exit codes of the `corridor` command (README, `corridor --help`).
 * Scripts branch on these, so they never change meaning.
 */
export const ExitCode = {
  ok: 0,
  unexpected: 1,
  usage: 2,
  notSignedIn: 3,
  forbidden: 4,
  notFound: 5,
  validation: 6,
  server: 7,
  network: 8,
  conflict: 9,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

export const exitCodeHelp = `Exit codes:
  0  ok
  1  unexpected error
  2  usage error (unknown command, bad arguments, options, option values or input file)
  3  not signed in, wrong credentials or locked account, or the token was refused (HTTP 401)
  4  forbidden (HTTP 403)
  5  not found (HTTP 404)
  6  validation failed (HTTP 400)
  7  server error (HTTP 5xx)
  8  network unreachable (connection refused, DNS failure, time-out)
  9  conflict (HTTP 409: the state does not allow it, e.g. a payment already sent; read it again)`;
