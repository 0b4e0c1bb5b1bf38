import { Command, CommanderError } from 'commander';
import packageJson from '../package.json' with { type: 'json' };
import type { CommandContext, Dependencies } from './command-context.ts';
import { examples } from './command-factory.ts';
import type { ContextOf } from './command-factory.ts';
import { newApiCommand } from './commands/api/call.ts';
import { newAuthCommand } from './commands/auth/auth.ts';
import { newCacheCommand } from './commands/cache/cache.ts';
import { newCallsCommand } from './commands/calls/list.ts';
import { newCompletionCommand } from './commands/completion/completion.ts';
import { newErrorsCommand } from './commands/errors/list.ts';
import { newPaymentsCommand } from './commands/payments/payments.ts';
import { newRatesCommand } from './commands/rates/rates.ts';
import { newRepushCommand } from './commands/repush/repush.ts';
import { newReportsCommand } from './commands/reports/reports.ts';
import { newStatementsCommand } from './commands/statements/statements.ts';
import { newLoginCommand } from './commands/session/login.ts';
import { newLogoutCommand } from './commands/session/logout.ts';
import { newWhoamiCommand } from './commands/session/whoami.ts';
import { DEFAULT_PROFILE } from './config/config-store.ts';
import { reportError, usageErrorBody } from './error-report.ts';
import { AnsweredError } from './errors.ts';
import { ExitCode, exitCodeHelp } from './exit-codes.ts';
import { outputModeOf } from './output/output-mode.ts';
import { renderJson } from './output/render.ts';
import { processDependencies } from './process-dependencies.ts';

interface GlobalOptions {
  profile?: string;
  apiRoot?: string;
  json?: boolean;
}

function contextOf(command: Command, dependencies: Dependencies): CommandContext {
  const globals = command.optsWithGlobals<GlobalOptions>();
  const context: CommandContext = {
    ...dependencies,
    profileName: globals.profile ?? dependencies.env['CORRIDOR_PROFILE'] ?? DEFAULT_PROFILE,
    mode: outputModeOf({ json: globals.json === true, isTTY: dependencies.terminal.stdoutIsTTY }),
  };
  if (globals.apiRoot !== undefined) context.apiRootOption = globals.apiRoot;
  return context;
}

/** A command built by its own factory inherits the program's output, exit and help settings. */
function adopt(parent: Command, child: Command): Command {
  child.copyInheritedSettings(parent);
  for (const grandchild of child.commands) adopt(child, grandchild);
  return child;
}

/**
 * Assembles the program from the commands' factories (each owns its flags, help and examples).
 * @internal exported for the test that walks every command
 */
export function buildProgram(dependencies: Dependencies): Command {
  const program = new Command('corridor');
  const context: ContextOf = (command) => contextOf(command, dependencies);
  program
    .description('Corridor back office from the command line: sign in, call the API, operate the caches.')
    .version(packageJson.version)
    .option('--profile <name>', 'config profile (env CORRIDOR_PROFILE)', undefined)
    .option('--api-root <url>', "backend root URL (default: the profile's, else env CORRIDOR_API_ROOT, else http://127.0.0.1:8080)")
    .option('--json', 'print stable JSON instead of a table or plain lines; errors too, as {"error":{...}} on stdout')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => dependencies.terminal.stdout(text),
      writeErr: (text) => dependencies.terminal.stderr(text),
    })
    .showHelpAfterError('(run with --help for usage)')
    .addHelpText(
      'after',
      `${examples([
        'corridor login --username 900000001',
        'corridor whoami',
        'corridor auth status',
        'corridor api /v1/internal/errors --paginate --jq length',
        'corridor cache list --like currenc',
        'corridor payments list --status PROCESSING',
        'CORRIDOR_TOKEN="$TOKEN" CORRIDOR_API_ROOT=https://corridor.example.com corridor --json whoami',
      ])}
Output: a table on a terminal, tab-separated lines in a pipe, JSON with --json. Under --json stdout holds
only JSON: the answer, or {"error":{code,message,invalidParameters,traceId,status,exitCode}} on failure
(the same error is also written as text on stderr).
Config: $CORRIDOR_CONFIG, else $XDG_CONFIG_HOME/corridor/config.json, else ~/.config/corridor/config.json (mode 0600).

Environment:
  CORRIDOR_TOKEN       bearer token for CI; wins over the profile's token (never stored, never renewed)
  CORRIDOR_API_ROOT    backend root URL when neither --api-root nor the profile gives one
                       (with CORRIDOR_TOKEN it wins over the profile's root)
  CORRIDOR_PROFILE     profile name when --profile is absent
  CORRIDOR_CONFIG      config file path
  CORRIDOR_CLIENT_ID, CORRIDOR_CLIENT_SECRET   OAuth client for login and renewal

${exitCodeHelp}
`,
    );

  for (const command of [
    newLoginCommand(context),
    newLogoutCommand(context),
    newWhoamiCommand(context),
    newAuthCommand(context),
    newApiCommand(context),
    newCallsCommand(context),
    newCacheCommand(context),
    newErrorsCommand(context),
    newRatesCommand(context),
    newPaymentsCommand(context),
    newRepushCommand(context),
    newStatementsCommand(context),
    newReportsCommand(context),
    newCompletionCommand(context),
  ]) {
    program.addCommand(adopt(program, command));
  }
  return program;
}

/**
 * Whether --json was asked for, read from argv itself: a usage error stops commander before it has
 * parsed the options, and that error must be JSON as well. Arguments after `--` are not options.
 */
function wantsJson(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).includes('--json');
}

/** Whether a flag takes a value: the command's own options and those it inherits (--profile, --api-root). */
function takesValue(command: Command, flag: string): boolean {
  for (let current: Command | null = command; current !== null; current = current.parent) {
    const option = current.options.find((o) => o.long === flag || o.short === flag);
    if (option !== undefined) return option.required || option.optional;
  }
  return false;
}

/**
 * The first word naming no command where a command is expected, when help is asked for: commander
 * shows the parent's help for `corridor bogus --help` and exits 0, which a script reads as "bogus
 * exists". Without help, commander refuses an unknown command itself (with a suggestion).
 */
function unknownCommandAskedHelpFor(program: Command, args: readonly string[]): { parent: Command; name: string } | undefined {
  const end = args.indexOf('--');
  const words = end < 0 ? args : args.slice(0, end);
  let helpWord = false;
  const helpFlag = words.includes('--help') || words.includes('-h');
  let command = program;
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i] ?? '';
    if (word.startsWith('-')) {
      if (!word.includes('=') && takesValue(command, word)) i += 1;
      continue;
    }
    // A leaf command: the words left are its arguments.
    if (command.commands.length === 0) return undefined;
    // `corridor help cache list` names commands after `help`.
    if (word === 'help' && !helpWord) {
      helpWord = true;
      continue;
    }
    const next = command.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (next === undefined) return helpFlag || helpWord ? { parent: command, name: word } : undefined;
    command = next;
  }
  return undefined;
}

/**
 * Runs one command line and answers its exit code. The only place that knows commander and exit
 * codes: commands throw, this maps (README, "Exit codes").
 */
export async function run(argv: readonly string[], dependencies: Dependencies = processDependencies()): Promise<number> {
  const program = buildProgram(dependencies);
  const json = wantsJson(argv.slice(2));
  try {
    const unknown = unknownCommandAskedHelpFor(program, argv.slice(2));
    if (unknown !== undefined) unknown.parent.error(`error: unknown command '${unknown.name}'`, { code: 'commander.unknownCommand', exitCode: ExitCode.usage });
    await program.parseAsync([...argv]);
    return ExitCode.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // commander has already printed its message or the help text. Help asked for (--help, `help`,
      // --version) exits 0; help shown because a command is incomplete (`corridor cache`) is a usage error.
      if (error.exitCode === 0) return ExitCode.ok;
      if (json) dependencies.terminal.stdout(renderJson({ error: usageErrorBody(error.message) }));
      return ExitCode.usage;
    }
    // The command has printed its answer already (auth status of a profile without a session).
    if (error instanceof AnsweredError) return error.exitCode;
    const report = reportError(error);
    dependencies.terminal.stderr(report.text);
    if (json) dependencies.terminal.stdout(renderJson({ error: report.body }));
    return report.exitCode;
  }
}
