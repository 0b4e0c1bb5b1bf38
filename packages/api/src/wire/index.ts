/* The wire formats every side shares; zod-free, so the light entry re-exports all of it. */
export * from './error-body.ts';
export * from './sort-token.ts';
export * from './path-prefixes.ts';
