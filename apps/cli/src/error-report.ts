import { NO_ANSWER_CODES, isApiFailure } from './client/api-failure.ts';
import { isNetworkFailure } from './client/network-failure.ts';
import { CliError } from './errors.ts';
import { ExitCode } from './exit-codes.ts';

/** The documented exit code of an HTTP status (README, `corridor --help`). */
export function exitCodeOfStatus(status: number): ExitCode {
  if (status === 401) return ExitCode.notSignedIn;
  if (status === 403) return ExitCode.forbidden;
  if (status === 404) return ExitCode.notFound;
  if (status === 400 || status === 422) return ExitCode.validation;
  if (status >= 500) return ExitCode.server;
  return ExitCode.unexpected;
}

export interface ErrorReport {
  exitCode: ExitCode;
  /** Lines for stderr, each ending with a newline. */
  text: string;
}

/** Turns anything a command threw into its exit code and the lines a user reads. */
export function reportError(error: unknown): ErrorReport {
  if (error instanceof CliError) return { exitCode: error.exitCode, text: `error: ${error.message}\n` };
  if (isApiFailure(error) && error.status === 0) {
    const exitCode = NO_ANSWER_CODES.has(error.code) ? ExitCode.network : ExitCode.unexpected;
    const text = exitCode === ExitCode.network
      ? `error: the backend is unreachable (${error.code} - ${error.message})\n`
      : `error: ${error.code} - ${error.message}\n`;
    return { exitCode, text };
  }
  if (isApiFailure(error)) {
    const lines = [`error: HTTP ${error.status} ${error.code} - ${error.message}`];
    for (const p of error.invalidParameters ?? []) lines.push(`  ${p.parameter}: ${p.message}`);
    if (error.status === 401) lines.push('  the token was refused: run corridor login');
    if (error.traceId) lines.push(`  trace id: ${error.traceId}`);
    return { exitCode: exitCodeOfStatus(error.status), text: `${lines.join('\n')}\n` };
  }
  if (isNetworkFailure(error)) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    const message = error instanceof Error ? error.message : String(error);
    return { exitCode: ExitCode.network, text: `error: the backend is unreachable (${message}${cause})\n` };
  }
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return { exitCode: ExitCode.unexpected, text: `error: unexpected failure\n${message}\n` };
}
