import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { callRoutes } from './call-routes.ts';
import { callRoutesSource, routeOf } from './call-routes-source.ts';
import { definitions } from './contract.ts';

describe('call routes', () => {
  it('the file is the one the contract makes (run `pnpm --filter @corridor/api routes` after a change)', () => {
    const onDisk = readFileSync(new URL('./call-routes.ts', import.meta.url), 'utf8');
    expect(onDisk).toBe(callRoutesSource());
  });

  it('sends every call of the contract the way its definition says', () => {
    expect(Object.keys(callRoutes).sort()).toEqual(Object.keys(definitions).sort());
    for (const [id, definition] of Object.entries(definitions)) {
      expect(callRoutes[id as keyof typeof callRoutes]).toEqual(routeOf(definition));
    }
  });

  it('holds no schema', () => {
    expect(JSON.stringify(callRoutes)).not.toContain('_zod');
    expect(Object.values(callRoutes).some((route) => 'response' in route)).toBe(false);
  });
});
