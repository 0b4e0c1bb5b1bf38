import { Command, Option } from 'commander';
import type { ContextOf } from '../../command-factory.ts';
import { examples } from '../../command-factory.ts';
import type { CommandContext } from '../../command-context.ts';
import { readProfile, updateProfile } from '../../config/config-store.ts';
import { NotSignedInError, UsageError } from '../../errors.ts';
import { isApiFailure } from '../../client/api-failure.ts';
import { renderRecord } from '../../output/render.ts';
import { resolveApiRoot, sessionFields, withoutSession } from '../../session.ts';
import { resolveClientCredentials } from './client-credentials.ts';

interface LoginOptions {
  username?: string;
  passwordStdin?: boolean;
  clientId?: string;
  clientSecret?: string;
}

const DIGIT9_ID = /^\d{9}$/;

async function readUsername(context: CommandContext, options: LoginOptions, remembered?: string): Promise<string> {
  if (options.username !== undefined) return options.username.trim();
  if (!context.terminal.stdinIsTTY || options.passwordStdin) {
    if (remembered) return remembered;
    throw new UsageError('--username is required when there is no terminal to ask on');
  }
  return (await context.prompts.text('ID (digit9Id)', remembered)).trim();
}

/** The password never comes from argv: a hidden prompt on a terminal, or stdin when asked. */
async function readPassword(context: CommandContext, options: LoginOptions): Promise<string> {
  if (options.passwordStdin) {
    const text = await context.terminal.readStdin();
    // Only the line ending that `echo` or a here-string adds; other spaces may belong to the password.
    const password = text.replace(/\r?\n$/, '');
    if (password === '') throw new UsageError('--password-stdin: stdin was empty');
    return password;
  }
  if (!context.terminal.stdinIsTTY) {
    throw new UsageError('no terminal to ask for the password: pipe it in with --password-stdin');
  }
  const password = await context.prompts.password('Password');
  if (password === '') throw new UsageError('the password is required');
  return password;
}

/**
 * `corridor login`: password grant, token stored in the profile (file mode 0600).
 * @internal
 */
export async function login(context: CommandContext, options: LoginOptions): Promise<void> {
  const profile = await readProfile(context.config, context.profileName);
  const apiRoot = resolveApiRoot(context, profile);
  const username = await readUsername(context, options, profile.username);
  if (!DIGIT9_ID.test(username)) throw new UsageError(`the ID must be 9 digits (digit9Id), got "${username}"`);
  const password = await readPassword(context, options);

  const clientCredentials = resolveClientCredentials(options, context.env);
  const anonymous = context.createApi({ apiRoot, clientCredentials });
  let grant;
  try {
    grant = await anonymous.passwordGrant(username, password);
  } catch (error) {
    if (isApiFailure(error) && error.code === 'INVALID_CREDENTIALS') {
      throw new NotSignedInError(`${error.code} - ${error.message}`, error);
    }
    throw error;
  }

  const session = sessionFields(grant, context.now());
  // A new sign-in replaces the whole session: no refresh token of an earlier one is kept.
  await updateProfile(context.config, context.profileName, (current) => ({
    ...withoutSession(current),
    apiRoot,
    username,
    ...session,
  }));
  const expiresAt = session.refreshExpiresAt ?? session.expiresAt;

  const entries: Array<readonly [string, unknown]> = [
    ['profile', context.profileName],
    ['apiRoot', apiRoot],
    ['username', username],
    ['expiresAt', expiresAt],
  ];
  if (context.mode === 'json') {
    context.terminal.stdout(renderRecord(entries, 'json'));
    return;
  }
  context.terminal.stderr(`Signed in to ${apiRoot} as ${username} (profile ${context.profileName}).\n`);
  context.terminal.stderr(`Session stored in ${context.config.location}; it lasts until ${expiresAt} unless renewed.\n`);
}

/** The `login` command: its flags, help and examples. */
export function newLoginCommand(contextOf: ContextOf): Command {
  return new Command('login')
    .description('sign in with your ID and password; the token is kept in the profile (file mode 0600)')
    .option('--username <digit9Id>', 'your 9-digit ID (asked on a terminal when absent)')
    .option('--password-stdin', 'read the password from stdin instead of a hidden prompt')
    .option('--client-id <id>', 'OAuth client id (env CORRIDOR_CLIENT_ID; default: the demo portal client)')
    .addOption(new Option('--client-secret <secret>', 'OAuth client secret (prefer env CORRIDOR_CLIENT_SECRET: argv is visible to other users)'))
    .addHelpText(
      'after',
      examples([
        'corridor login --username 100000001',
        'printf \'%s\' "$CORRIDOR_PASSWORD" | corridor login --username 100000001 --password-stdin',
        'corridor login --profile staging --api-root https://corridor.example.com --username 900000001',
      ]) + '\nThere is no --password option: a password on the command line leaks into shell history and ps.\n',
    )
    .action(async (options: LoginOptions, command: Command) => {
      await login(contextOf(command), options);
    });
}
