import type { Command } from 'commander';
import type { CommandContext } from './command-context.ts';

/**
 * What a command's factory receives: the way to turn its commander Command into a context (global
 * options resolved). Each `commands/<noun>/<verb>.ts` builds its own Command (flags, help, examples)
 * with it, so cli.ts only assembles them.
 */
export type ContextOf = (command: Command) => CommandContext;

/** The "Examples:" block every command's help ends with. */
export function examples(lines: readonly string[]): string {
  return `\nExamples:\n${lines.map((line) => `  $ ${line}`).join('\n')}\n`;
}

/** Commander's collector for a repeatable option. */
export function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}
