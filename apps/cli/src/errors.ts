import { ExitCode } from './exit-codes.ts';

/** An error a command throws on purpose; `cli.ts` prints its message and exits with its code. */
export class CliError extends Error {
  readonly exitCode: ExitCode;
  constructor(message: string, exitCode: ExitCode) {
    super(message);
    this.name = 'CliError';
    this.exitCode = exitCode;
  }
}

/** Bad arguments, options or input files. */
export class UsageError extends CliError {
  constructor(message: string) {
    super(message, ExitCode.usage);
    this.name = 'UsageError';
  }
}

/** No token in the profile, or the credentials were refused. */
export class NotSignedInError extends CliError {
  constructor(message: string) {
    super(message, ExitCode.notSignedIn);
    this.name = 'NotSignedInError';
  }
}

/**
 * The backend could not be reached at all (no HTTP answer).
 * @internal
 */
export class NetworkError extends CliError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, ExitCode.network);
    this.name = 'NetworkError';
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}
