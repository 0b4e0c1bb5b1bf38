import { Option } from 'commander';
import type { Command } from 'commander';
import { UsageError } from './errors.ts';
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

/**
 * A value of a fixed set (the contract's zod enum), any case: an unknown one is a usage error naming
 * it and the allowed ones, before anything is sent.
 */
export function choiceOf<T extends string>(option: string, value: string, allowed: readonly T[]): T {
  const found = allowed.find((candidate) => candidate === value.toUpperCase());
  if (found === undefined) throw new UsageError(`${option} ${value} is not one of ${allowed.join(', ')}`);
  return found;
}

/**
 * An option taking one of `allowed`: help and shell completion list them; the command checks the value
 * with choiceOf (commander's own check would refuse lower case).
 */
export function choiceOption(flags: string, description: string, allowed: readonly string[]): Option {
  return new Option(flags, description).choices(allowed).argParser((value: string) => value);
}
