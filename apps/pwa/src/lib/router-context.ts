import type { SessionActor } from './session.ts';

/** What every route's loader and guard can reach. */
export interface RouterContext {
  session: SessionActor;
}
