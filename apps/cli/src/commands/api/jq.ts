import { CliError, UsageError } from '../../errors.ts';
import { ExitCode } from '../../exit-codes.ts';

/** jq's exit code for a filter that does not compile. */
const JQ_COMPILE_ERROR = 3;

async function jq() {
  // Loaded only for --jq: jq 1.8 compiled to WebAssembly, shipped inside the package (no download).
  return import('jq-wasm');
}

/** Refuses a filter that does not compile, before anything is sent (a POST must not create and then fail). */
export async function checkJqFilter(filter: string): Promise<void> {
  const result = await (await jq()).raw(null, filter, ['-r']);
  if (result.exitCode === JQ_COMPILE_ERROR) throw new UsageError(`--jq ${filter}: ${result.stderr.trim()}`);
}

/**
 * The answer through jq, as `gh api --jq` prints it: one result per line, strings without quotes
 * (jq -r), objects and lists as compact JSON.
 */
export async function applyJq(answer: unknown, filter: string): Promise<string> {
  // JSON text: jq-wasm reads a string input as JSON, so a string answer must be quoted.
  const result = await (await jq()).raw(JSON.stringify(answer ?? null), filter, ['-r', '-c']);
  if (result.exitCode !== 0) {
    const message = `--jq ${filter}: ${result.stderr.trim() || `jq exited ${result.exitCode}`}`;
    throw result.exitCode === JQ_COMPILE_ERROR ? new UsageError(message) : new CliError(message, ExitCode.unexpected);
  }
  return result.stdout === '' ? '' : `${result.stdout}\n`;
}
