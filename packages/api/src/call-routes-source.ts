import { definitions } from './contract.ts';
import type { CallRoute } from './define.ts';

const ROUTE_KEYS = ['method', 'path', 'root', 'bodyType', 'responseType', 'creates', 'status'] as const satisfies ReadonlyArray<keyof CallRoute>;

/**
 * The route of one definition: only what the client reads to send it.
 * @internal
 */
export function routeOf(definition: CallRoute): CallRoute {
  const route: Record<string, unknown> = {};
  for (const key of ROUTE_KEYS) if (definition[key] !== undefined) route[key] = definition[key];
  return route as CallRoute;
}

/** The text of call-routes.ts, made from the contract (a test checks the file is up to date). */
export function callRoutesSource(): string {
  const lines = Object.entries(definitions).map(([id, definition]) => `  ${JSON.stringify(id)}: ${JSON.stringify(routeOf(definition))},`);
  return `/* Generated from the contract by \`pnpm --filter @corridor/api routes\`; do not edit. */
/* How to send each call, without its schemas: the portal's client loads this, not the contract. */
import type { CallId } from './contract.ts';
import type { CallRoute } from './define.ts';

export const callRoutes: Readonly<Record<CallId, CallRoute>> = {
${lines.join('\n')}
};
`;
}
