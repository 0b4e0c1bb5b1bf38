import { ExitCode } from './exit-codes.ts';

/** What the server answered when a refusal came from it: kept so `--json` shows its code and status. */
export interface ServerRefusal {
  status: number;
  code: string;
  traceId?: string | undefined;
  invalidParameters?: ReadonlyArray<{ parameter: string; message: string }> | undefined;
}

/** An error a command throws on purpose; `cli.ts` prints its message and exits with its code. */
export class CliError extends Error {
  readonly exitCode: ExitCode;
  /** The server's answer behind this refusal, when there was one (a refused login, a refused token). */
  readonly server: ServerRefusal | undefined;
  constructor(message: string, exitCode: ExitCode, server?: ServerRefusal) {
    super(message);
    this.name = 'CliError';
    this.exitCode = exitCode;
    // A plain copy: the refusal is data (for --json), not the client's error object.
    this.server =
      server === undefined
        ? undefined
        : { status: server.status, code: server.code, traceId: server.traceId, invalidParameters: [...(server.invalidParameters ?? [])] };
  }
}

/**
 * The command has already written its whole answer and only the exit code is left to give (`auth
 * status` of a profile without a session prints that status, then exits 3): nothing more is printed.
 */
export class AnsweredError extends CliError {
  constructor(message: string, exitCode: ExitCode) {
    super(message, exitCode);
    this.name = 'AnsweredError';
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
  constructor(message: string, server?: ServerRefusal) {
    super(message, ExitCode.notSignedIn, server);
    this.name = 'NotSignedInError';
  }
}

/** The backend could not be reached at all (no HTTP answer), or a download broke off. */
export class NetworkError extends CliError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, ExitCode.network);
    this.name = 'NetworkError';
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}
