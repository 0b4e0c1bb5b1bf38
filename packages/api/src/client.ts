import { contract } from './contract.ts';
import { createRouteClient, type ClientOptions } from './client-core.ts';

export * from './client-core.ts';

/** The client over the whole contract: every call's schemas are at hand to validate answers. */
export function createClient(options: ClientOptions = {}) {
  return createRouteClient(contract, options);
}
