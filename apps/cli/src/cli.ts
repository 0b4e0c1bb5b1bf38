import { Command, CommanderError, Option } from 'commander';
import packageJson from '../package.json' with { type: 'json' };
import type { CommandContext, Dependencies } from './command-context.ts';
import { apiCall } from './commands/api/call.ts';
import { cacheClear } from './commands/cache/clear.ts';
import { cacheEntries } from './commands/cache/entries.ts';
import { cacheList } from './commands/cache/list.ts';
import { callsList } from './commands/calls/list.ts';
import { errorsList } from './commands/errors/list.ts';
import { login } from './commands/session/login.ts';
import { logout } from './commands/session/logout.ts';
import { whoami } from './commands/session/whoami.ts';
import { DEFAULT_PROFILE } from './config/config-store.ts';
import { reportError } from './error-report.ts';
import { ExitCode, exitCodeHelp } from './exit-codes.ts';
import { outputModeOf } from './output/output-mode.ts';
import { processDependencies } from './process-dependencies.ts';

interface GlobalOptions {
  profile?: string;
  apiRoot?: string;
  json?: boolean;
}

function examples(lines: readonly string[]): string {
  return `\nExamples:\n${lines.map((line) => `  $ ${line}`).join('\n')}\n`;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
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

/** The commander wiring; every action hands a context to a command function and nothing else. */
export function buildProgram(dependencies: Dependencies): Command {
  const program = new Command('corridor');
  const context = (command: Command) => contextOf(command, dependencies);
  program
    .description('Corridor back office from the command line: sign in, call the API, operate the caches.')
    .version(packageJson.version)
    .option('--profile <name>', 'config profile (env CORRIDOR_PROFILE)', undefined)
    .option('--api-root <url>', "backend root URL (default: the profile's, else env CORRIDOR_API_ROOT, else http://127.0.0.1:8080)")
    .option('--json', 'print stable JSON instead of a table or plain lines')
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
        'corridor api GET /v1/internal/errors --paginate',
        'corridor cache list --like currenc',
      ])}
Output: a table on a terminal, tab-separated lines in a pipe, JSON with --json.
Config: $CORRIDOR_CONFIG, else $XDG_CONFIG_HOME/corridor/config.json, else ~/.config/corridor/config.json (mode 0600).

${exitCodeHelp}
`,
    );

  program
    .command('login')
    .description('sign in with your ID and password; the token is kept in the profile (file mode 0600)')
    .option('--username <digit9Id>', 'your 9-digit ID (asked on a terminal when absent)')
    .option('--password-stdin', 'read the password from stdin instead of a hidden prompt')
    .option('--client-id <id>', 'OAuth client id (env CORRIDOR_CLIENT_ID; default: the demo portal client)')
    .addOption(
      new Option('--client-secret <secret>', 'OAuth client secret (prefer env CORRIDOR_CLIENT_SECRET: argv is visible to other users)'),
    )
    .addHelpText(
      'after',
      examples([
        'corridor login --username 100000001',
        "printf '%s' \"$CORRIDOR_PASSWORD\" | corridor login --username 100000001 --password-stdin",
        'corridor login --profile staging --api-root https://corridor.example.com --username 900000001',
      ]) + '\nThere is no --password option: a password on the command line leaks into shell history and ps.\n',
    )
    .action(async (options: { username?: string; passwordStdin?: boolean; clientId?: string; clientSecret?: string }, command: Command) => {
      await login(context(command), options);
    });

  program
    .command('logout')
    .description("end the profile's session on the server (POST /oauth/revoke) and forget its tokens")
    .addHelpText('after', examples(['corridor logout', 'corridor logout --profile staging']))
    .action(async (_options: unknown, command: Command) => {
      await logout(context(command));
    });

  program
    .command('whoami')
    .description('show the signed-in user: id, name, role, organisation (GET /users/me)')
    .addHelpText('after', examples(['corridor whoami', 'corridor whoami --json']))
    .action(async (_options: unknown, command: Command) => {
      await whoami(context(command));
    });

  program
    .command('api')
    .description('call any path of the contract and print the JSON answer')
    .argument('<method>', 'GET, POST, PUT, PATCH or DELETE')
    .argument('<path>', 'a concrete path or a template such as /v1/currencies/{code}')
    .option('-q, --query <key=value>', 'query parameter (repeatable; a repeated key sends a list)', collect, [])
    .option('-p, --param <key=value>', 'path parameter for a {placeholder} (repeatable)', collect, [])
    .option('--input <file>', "JSON body from a file, or '-' for stdin")
    .option('--paginate', 'walk page=0,1,... until totalPages and print one array of all content')
    .addHelpText(
      'after',
      examples([
        'corridor api GET /users/me',
        'corridor api GET /v1/internal/cache/get -q cacheNameLike=currenc',
        "corridor api GET '/v1/currencies/{code}' -p code=EUR",
        'corridor api GET /v1/internal/errors -q size=50 --paginate | jq length',
        'corridor api POST /v1/internal/users --input user.json',
        "echo '{\"status\":\"ACTIVE\"}' | corridor api PUT /some/path --input -",
      ]) + '\nA method and path that match no call of the contract are sent anyway, with a warning on stderr.\n',
    )
    .action(
      async (
        method: string,
        path: string,
        options: { query: string[]; param: string[]; input?: string; paginate?: boolean },
        command: Command,
      ) => {
        const callOptions = { query: options.query, params: options.param, paginate: options.paginate === true };
        await apiCall(context(command), method, path, options.input === undefined ? callOptions : { ...callOptions, input: options.input });
      },
    );

  program
    .command('calls')
    .description("list the contract's calls (method, path, audience); --served asks the server which it answers")
    .option('--served', 'read the server\'s /openapi.json and mark the calls it serves')
    .addHelpText('after', examples(['corridor calls', 'corridor calls --served', 'corridor calls | grep internal']))
    .action(async (options: { served?: boolean }, command: Command) => {
      await callsList(context(command), options);
    });

  const cache = program.command('cache').description("the server's named reference-data caches (ADMIN)");
  cache.addHelpText('after', examples(['corridor cache list', 'corridor cache entries currencies', 'corridor cache clear --like currenc']));
  cache
    .command('list')
    .description('list caches with their size, hits and misses')
    .option('--like <name>', 'only caches whose name contains this text')
    .addHelpText('after', examples(['corridor cache list', 'corridor cache list --like currenc --json']))
    .action(async (options: { like?: string }, command: Command) => {
      await cacheList(context(command), options);
    });
  cache
    .command('entries')
    .description('list the entries of one cache')
    .argument('<cacheName>', 'the exact cache name (see corridor cache list)')
    .addHelpText('after', examples(['corridor cache entries currencies', 'corridor cache entries countries --json']))
    .action(async (cacheName: string, _options: unknown, command: Command) => {
      await cacheEntries(context(command), cacheName);
    });
  cache
    .command('clear')
    .description('clear the caches whose name contains NAME')
    .option('--like <name>', 'part of the cache names to clear (required)')
    .addHelpText('after', examples(['corridor cache clear --like currenc', 'corridor cache clear --like rates --json']))
    .action(async (options: { like?: string }, command: Command) => {
      await cacheClear(context(command), options);
    });

  program
    .command('errors')
    .description('list the error codes the backend can answer (GET /v1/internal/errors)')
    .addHelpText('after', examples(['corridor errors', 'corridor errors --json', 'corridor errors | cut -f1']))
    .action(async (_options: unknown, command: Command) => {
      await errorsList(context(command));
    });

  return program;
}

const HELP_CODES = new Set(['commander.helpDisplayed', 'commander.version']);

/**
 * Runs one command line and answers its exit code. The only place that knows commander and exit
 * codes: commands throw, this maps (README, "Exit codes").
 */
export async function run(argv: readonly string[], dependencies: Dependencies = processDependencies()): Promise<number> {
  const program = buildProgram(dependencies);
  try {
    await program.parseAsync([...argv]);
    return ExitCode.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // commander has already printed its message or the help text.
      return HELP_CODES.has(error.code) ? ExitCode.ok : ExitCode.usage;
    }
    const report = reportError(error);
    dependencies.terminal.stderr(report.text);
    return report.exitCode;
  }
}
