import type { ApiFactory } from './client/corridor-api.ts';
import type { Env } from './config/config-path.ts';
import type { ConfigStore } from './config/config-store.ts';
import type { OutputMode } from './output/output-mode.ts';

/** Text, or raw bytes for binary answers (some internal calls answer bytes). */
type Writer = (chunk: string | Uint8Array) => void;

/** The process's streams, passed in so commands run in tests without a process. */
export interface Terminal {
  stdout: Writer;
  stderr: Writer;
  stdoutIsTTY: boolean;
  /** Whether stderr is a terminal: progress bars are drawn there only then. */
  stderrIsTTY?: boolean;
  stdinIsTTY: boolean;
  /** All of stdin as text (for --password-stdin and --input -). */
  readStdin(): Promise<string>;
}

export interface Prompts {
  /** Hidden input on the terminal. */
  password(message: string): Promise<string>;
  text(message: string, defaultValue?: string): Promise<string>;
  /** A yes/no question on the terminal; anything but y or yes is no. */
  confirm(message: string): Promise<boolean>;
}

/** Everything a command may touch outside its arguments. */
export interface Dependencies {
  terminal: Terminal;
  config: ConfigStore;
  createApi: ApiFactory;
  env: Env;
  prompts: Prompts;
  readFile(path: string): Promise<string>;
  now(): Date;
  /** HTTP for downloads streamed to a file (statements export, reports get); the global fetch when absent. */
  fetch?: typeof fetch;
  /** Files a download writes; the local disk when absent. */
  files?: LocalFiles;
  /** Waits between polls of a job; a timer when absent. */
  sleep?: (ms: number) => Promise<void>;
}

/** The few file operations a resumable download needs. */
export interface LocalFiles {
  /** The size of a file, or null when there is none. */
  size(path: string): Promise<number | null>;
  /** Appends bytes to a file (created when missing). */
  append(path: string, chunk: Uint8Array): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  remove(path: string): Promise<void>;
}

/** Dependencies plus the global options, resolved once per run. */
export interface CommandContext extends Dependencies {
  profileName: string;
  /** --api-root when given on the command line. */
  apiRootOption?: string;
  mode: OutputMode;
}
