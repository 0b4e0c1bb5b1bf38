/**
 * Browser test files run one at a time unless `E2E_WORKERS` asks for more, each worker against a server of
 * its own (src/global-setup.ts). Two at a time on the 2-core machine was measured slower than one: Chromium's
 * rendering, not waiting, is most of a browser test there (docs/testing.md). Read by the config and the global
 * setup: no test API here.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? '1') || 1);
