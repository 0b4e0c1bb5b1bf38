import { definitions } from '@corridor/api';
import type { CallDefinition } from '@corridor/api';

export interface NamedDefinition {
  id: string;
  definition: CallDefinition;
}

/** Every call of the contract, with its id, in the contract's order. */
export function contractDefinitions(): NamedDefinition[] {
  return Object.entries(definitions).map(([id, definition]) => ({ id, definition }));
}
