/* Writes src/call-routes.ts, the contract's route table without schemas: `pnpm --filter @corridor/api routes`. */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { callRoutesSource } from '../call-routes-source.ts';

const target = fileURLToPath(new URL('../call-routes.ts', import.meta.url));
writeFileSync(target, callRoutesSource());
console.log(`wrote ${target}`);
