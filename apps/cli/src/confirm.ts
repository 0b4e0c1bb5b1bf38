import type { CommandContext } from './command-context.ts';
import { UsageError } from './errors.ts';

/**
 * Asks before anything that moves money. `--yes` skips the question; without it a run that has no
 * terminal to ask on (a script, CI) is refused rather than left waiting or taken as a yes.
 */
export async function confirmMoneyMove(context: CommandContext, question: string, yes: boolean | undefined): Promise<void> {
  if (yes === true) return;
  if (!context.terminal.stdinIsTTY) {
    throw new UsageError(`${question} Refused without --yes: no terminal to ask on`);
  }
  if (!(await context.prompts.confirm(question))) {
    throw new UsageError('cancelled: nothing was changed');
  }
}
