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
}

/** Dependencies plus the global options, resolved once per run. */
export interface CommandContext extends Dependencies {
  profileName: string;
  /** --api-root when given on the command line. */
  apiRootOption?: string;
  mode: OutputMode;
}
