import { Argument, Command } from 'commander';
import type { CommandContext } from '../../command-context.ts';
import type { ContextOf } from '../../command-factory.ts';
import { examples } from '../../command-factory.ts';
import { commandTree } from './command-tree.ts';
import { bashScript, fishScript, zshScript } from './scripts.ts';

const SHELLS = ['bash', 'zsh', 'fish'] as const;
type Shell = (typeof SHELLS)[number];

const SCRIPTS: Record<Shell, typeof bashScript> = { bash: bashScript, zsh: zshScript, fish: fishScript };

/**
 * `corridor completion bash|zsh|fish`: the completion script of the shell, made from the program's own
 * command tree (commands, verbs, options and the values of options such as --status), so it never
 * lags behind the commands.
 * @internal used by its tests
 */
export function completion(context: CommandContext, program: Command, shell: Shell): void {
  context.terminal.stdout(SCRIPTS[shell](commandTree(program)));
}

export function newCompletionCommand(contextOf: ContextOf): Command {
  return new Command('completion')
    .description('print the shell completion script: bash, zsh or fish')
    .addArgument(new Argument('<shell>', 'the shell').choices(SHELLS))
    .addHelpText(
      'after',
      `${examples([
        'eval "$(corridor completion bash)"            # in ~/.bashrc',
        'source <(corridor completion zsh)             # in ~/.zshrc, after compinit',
        'corridor completion fish | source             # in ~/.config/fish/config.fish',
        'corridor completion fish > ~/.config/fish/completions/corridor.fish',
      ])}
The script completes commands, verbs, options and the values of options with a fixed set (--status).
`,
    )
    .action((shell: Shell, _options: unknown, command: Command) => {
      let program = command;
      while (program.parent !== null) program = program.parent;
      completion(contextOf(command), program, shell);
    });
}
