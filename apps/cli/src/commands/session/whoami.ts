import type { CommandContext } from '../../command-context.ts';
import { isApiFailure } from '../../client/api-failure.ts';
import { NotSignedInError } from '../../errors.ts';
import { renderRecord } from '../../output/render.ts';
import { signedInApi } from '../../session.ts';

/** `corridor whoami`: the signed-in user as the backend sees it (GET /users/me). */
export async function whoami(context: CommandContext): Promise<void> {
  const { api, apiRoot } = await signedInApi(context);
  let user;
  try {
    user = await api.currentUser();
  } catch (error) {
    if (isApiFailure(error) && error.status === 401) {
      throw new NotSignedInError(`the token of profile ${context.profileName} was refused (expired or revoked): run corridor login`);
    }
    throw error;
  }
  const organisation = user.parentId === null ? user.organisationType : `${user.organisationType} ${user.parentId}`;
  const entries: Array<readonly [string, unknown]> = [
    ['id', user.id],
    ['digit9Id', user.digit9Id],
    ['name', user.name],
    ['role', user.role],
    ['organisation', organisation],
    ['apiRoot', apiRoot],
  ];
  if (context.mode === 'json') {
    context.terminal.stdout(
      renderRecord(
        [
          ['id', user.id],
          ['digit9Id', user.digit9Id],
          ['name', user.name],
          ['role', user.role],
          ['organisationType', user.organisationType],
          ['parentId', user.parentId],
          ['apiRoot', apiRoot],
        ],
        'json',
      ),
    );
    return;
  }
  context.terminal.stdout(renderRecord(entries, context.mode));
}
