import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { definitions } from './index.ts';

/** `METHOD /path` lines of catalogue.txt (comments start with '#'). */
function readCatalogue(): string[] {
  const text = readFileSync(new URL('../catalogue.txt', import.meta.url), 'utf8');
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

describe('catalogue', () => {
  const catalogue = readCatalogue();
  const inCatalogue = new Set(catalogue);
  const inContract = new Set(Object.values(definitions).map((d) => `${d.method} ${d.path}`));

  it('lists 471 distinct method and path pairs (451 of the spec, our revocation call, our rates import, two TSP position activity calls, forgot password (2), user settings, four notification calls, four report export calls and five reconciliation calls)', () => {
    expect(inCatalogue.size).toBe(catalogue.length);
    expect(inCatalogue.size).toBe(471);
  });

  it('is exactly the set of calls of the contract', () => {
    const missing = [...inCatalogue].filter((pair) => !inContract.has(pair)).sort();
    const extra = [...inContract].filter((pair) => !inCatalogue.has(pair)).sort();
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    expect(Object.keys(definitions)).toHaveLength(471);
  });
});
