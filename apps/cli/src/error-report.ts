import type { ErrorBody } from '@corridor/api';
import { NO_ANSWER_CODES, isApiFailure } from './client/api-failure.ts';
import { isNetworkFailure } from './client/network-failure.ts';
import { CliError } from './errors.ts';
import { ExitCode } from './exit-codes.ts';

/**
 * The documented exit code of an HTTP status (README, `corridor --help`).
 * @internal
 */
export function exitCodeOfStatus(status: number): ExitCode {
  if (status === 401) return ExitCode.notSignedIn;
  if (status === 403) return ExitCode.forbidden;
  if (status === 404) return ExitCode.notFound;
  if (status === 400 || status === 422) return ExitCode.validation;
  if (status === 409) return ExitCode.conflict;
  if (status >= 500) return ExitCode.server;
  return ExitCode.unexpected;
}

/**
 * The error as `--json` prints it (`{"error": ...}` on stdout): the server's error body (spec: code,
 * message, invalidParameters, traceId) with the HTTP status (0 when none came) and the exit code, so a
 * script reads one shape whether the server or the CLI refused.
 */
export interface ErrorJson extends Omit<ErrorBody, 'traceId'> {
  /** Null when the CLI refused or no answer came. */
  traceId: string | null;
  status: number;
  exitCode: ExitCode;
}

export interface ErrorReport {
  exitCode: ExitCode;
  /** Lines for stderr, each ending with a newline. */
  text: string;
  body: ErrorJson;
}

/** The code a CLI-side refusal carries in JSON, by exit code. */
const CLI_CODES: Record<ExitCode, string> = {
  [ExitCode.ok]: 'OK',
  [ExitCode.unexpected]: 'UNEXPECTED',
  [ExitCode.usage]: 'USAGE_ERROR',
  [ExitCode.notSignedIn]: 'NOT_SIGNED_IN',
  [ExitCode.forbidden]: 'FORBIDDEN',
  [ExitCode.notFound]: 'NOT_FOUND',
  [ExitCode.validation]: 'VALIDATION_FAILED',
  [ExitCode.server]: 'SERVER_ERROR',
  [ExitCode.network]: 'NETWORK_ERROR',
  [ExitCode.conflict]: 'CONFLICT',
};

function cliBody(exitCode: ExitCode, message: string): ErrorJson {
  return { code: CLI_CODES[exitCode], message, invalidParameters: [], traceId: null, status: 0, exitCode };
}

/** A usage error commander found (unknown command or option, missing argument). */
export function usageErrorBody(message: string): ErrorJson {
  return cliBody(ExitCode.usage, message.replace(/^error: /, ''));
}

/** Turns anything a command threw into its exit code and the lines a user reads. */
export function reportError(error: unknown): ErrorReport {
  if (error instanceof CliError) {
    const body = cliBody(error.exitCode, error.message);
    // A refusal that came from the server keeps its code, status and trace id (a wrong password is
    // INVALID_CREDENTIALS with 401 whether or not the CLI words it).
    if (error.server !== undefined) {
      body.code = error.server.code;
      body.status = error.server.status;
      body.traceId = error.server.traceId || null;
      body.invalidParameters = (error.server.invalidParameters ?? []).map((p) => ({ parameter: p.parameter, message: p.message }));
    }
    return { exitCode: error.exitCode, text: `error: ${error.message}\n`, body };
  }
  if (isApiFailure(error) && error.status === 0) {
    const exitCode = NO_ANSWER_CODES.has(error.code) ? ExitCode.network : ExitCode.unexpected;
    const text =
      exitCode === ExitCode.network ? `error: the backend is unreachable (${error.code} - ${error.message})\n` : `error: ${error.code} - ${error.message}\n`;
    return { exitCode, text, body: { ...cliBody(exitCode, error.message), code: error.code } };
  }
  if (isApiFailure(error)) {
    const lines = [`error: HTTP ${error.status} ${error.code} - ${error.message}`];
    for (const p of error.invalidParameters ?? []) lines.push(`  ${p.parameter}: ${p.message}`);
    if (error.status === 401) lines.push('  the token was refused: run corridor login');
    if (error.traceId) lines.push(`  trace id: ${error.traceId}`);
    const exitCode = exitCodeOfStatus(error.status);
    const body: ErrorJson = {
      code: error.code,
      message: error.message,
      invalidParameters: (error.invalidParameters ?? []).map((p) => ({ parameter: p.parameter, message: p.message })),
      traceId: error.traceId || null,
      status: error.status,
      exitCode,
    };
    return { exitCode, text: `${lines.join('\n')}\n`, body };
  }
  if (isNetworkFailure(error)) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    const message = error instanceof Error ? error.message : String(error);
    return {
      exitCode: ExitCode.network,
      text: `error: the backend is unreachable (${message}${cause})\n`,
      body: cliBody(ExitCode.network, `${message}${cause}`),
    };
  }
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  const summary = error instanceof Error ? error.message : String(error);
  return { exitCode: ExitCode.unexpected, text: `error: unexpected failure\n${message}\n`, body: cliBody(ExitCode.unexpected, summary) };
}
