/**
 * Browser test files run two at a time (`E2E_WORKERS` to change it): most of a browser test is waiting
 * (a slow line, a retry's backoff, the test bank's answer), so two files share the machine's two cores well.
 * Read by the config and the global setup: no test API here.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? '2') || 2);
