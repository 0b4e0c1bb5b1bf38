import type { Command } from 'commander';

/** One option as a completion offers it. */
export interface OptionSpec {
  /** `--status`, `-X`: every spelling. */
  flags: string[];
  takesValue: boolean;
  choices: readonly string[];
  description: string;
}

/** One command of the tree: its path from the program (`''` for the program), its verbs and options. */
export interface CommandSpec {
  path: string;
  subcommands: Array<{ name: string; description: string }>;
  options: OptionSpec[];
}

function optionSpecs(command: Command): OptionSpec[] {
  return command
    .createHelp()
    .visibleOptions(command)
    .map((option) => ({
      flags: [option.long, option.short].filter((flag): flag is string => flag !== undefined),
      takesValue: option.required || option.optional,
      choices: option.argChoices ?? [],
      description: option.description,
    }));
}

/**
 * Every command of the program, walked from the top: what a completion script offers at each place.
 * The program's own options (--profile, --api-root, --json) are taken anywhere, so each command lists them.
 */
export function commandTree(program: Command): CommandSpec[] {
  const global = optionSpecs(program).filter((o) => !o.flags.includes('--help') && !o.flags.includes('--version'));
  const specs: CommandSpec[] = [];
  const visit = (command: Command, path: string) => {
    const own = optionSpecs(command);
    const options = command === program ? own : [...own, ...global.filter((g) => !own.some((o) => o.flags[0] === g.flags[0]))];
    // The visible commands, less commander's implicit `help`.
    const subcommands = command.commands.filter((c) => command.createHelp().visibleCommands(command).includes(c));
    specs.push({ path, subcommands: subcommands.map((c) => ({ name: c.name(), description: c.description() })), options });
    for (const sub of subcommands) visit(sub, path === '' ? sub.name() : `${path} ${sub.name()}`);
  };
  visit(program, '');
  return specs;
}
