import { Command } from 'commander';
import type { ContextOf } from '../../command-factory.ts';
import { examples } from '../../command-factory.ts';
import { newAuthStatusCommand } from './status.ts';
import { newAuthTokenCommand } from './token.ts';

/** The `auth` group (like gh's): the profile's session without a call to the server. */
export function newAuthCommand(contextOf: ContextOf): Command {
  return new Command('auth')
    .description("the profile's session: status, token (sign in with corridor login)")
    .addHelpText('after', examples(['corridor auth status', 'corridor auth token']))
    .addCommand(newAuthStatusCommand(contextOf))
    .addCommand(newAuthTokenCommand(contextOf));
}
