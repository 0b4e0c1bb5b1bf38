import type { CommandContext } from './command-context.ts';
import type { CorridorApi } from './client/corridor-api.ts';
import type { Profile } from './config/config-store.ts';
import { readProfile } from './config/config-store.ts';
import { NotSignedInError } from './errors.ts';

export const DEFAULT_API_ROOT = 'http://127.0.0.1:8080';

/**
 * --api-root, else the profile's root, else CORRIDOR_API_ROOT, else the local reference server. The
 * profile wins over the environment so a token is never sent to a server it was not issued by.
 */
export function resolveApiRoot(context: CommandContext, profile: Profile): string {
  const root = context.apiRootOption ?? profile.apiRoot ?? context.env['CORRIDOR_API_ROOT'] ?? DEFAULT_API_ROOT;
  return root.replace(/\/+$/, '');
}

export interface SignedIn {
  api: CorridorApi;
  profile: Profile;
  apiRoot: string;
}

/** The api of the current profile with its bearer token; refuses early when there is no token. */
export async function signedInApi(context: CommandContext): Promise<SignedIn> {
  const profile = await readProfile(context.config, context.profileName);
  if (!profile.token) {
    throw new NotSignedInError(
      `not signed in (profile ${context.profileName}): run corridor login${context.profileName === 'default' ? '' : ` --profile ${context.profileName}`}`,
    );
  }
  const apiRoot = resolveApiRoot(context, profile);
  return { api: context.createApi({ apiRoot, token: profile.token }), profile, apiRoot };
}
