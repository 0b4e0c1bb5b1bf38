import type { CommandContext } from '../../command-context.ts';
import { readProfile, updateProfile } from '../../config/config-store.ts';
import { renderJson } from '../../output/render.ts';

/** `corridor logout`: forgets the profile's token; the root and username stay for the next login. */
export async function logout(context: CommandContext): Promise<void> {
  const before = await readProfile(context.config, context.profileName);
  const wasSignedIn = before.token !== undefined;
  if (wasSignedIn) {
    await updateProfile(context.config, context.profileName, (current) => {
      const { token: _token, expiresAt: _expiresAt, ...rest } = current;
      return rest;
    });
  }
  if (context.mode === 'json') {
    context.terminal.stdout(renderJson({ profile: context.profileName, signedOut: wasSignedIn }));
    return;
  }
  context.terminal.stderr(
    wasSignedIn
      ? `Signed out of profile ${context.profileName}.\n`
      : `Profile ${context.profileName} was not signed in.\n`,
  );
}
