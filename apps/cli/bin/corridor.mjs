#!/usr/bin/env node
// Packages are TypeScript source (no build step), so the launcher registers tsx and loads main.ts.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
