/**
 * The benches' HTTP client: autocannon in a process of its own, forked by `load` (bench-server.ts), so
 * that firing requests never shares the measured server's event loop (a client in the server's thread
 * adds its own work to every latency it measures). It takes its job as its first message and answers
 * the figures.
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';

export interface LoadJob {
  url: string;
  clients: number;
  seconds: number;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** A JSON body, the same on every request unless `rotate` names a field. */
  body?: Record<string, unknown>;
  /** Each request sets this body field to the next of these values, in turn. */
  rotate?: { field: string; values: string[] };
  /** A fresh Idempotency-Key on every request (a creating call's retry key). */
  idempotencyKeys?: boolean;
}

export interface LoadResult {
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  errors: number;
}

const job = await new Promise<LoadJob>((resolve) => process.once('message', (message) => resolve(message as LoadJob)));
const headers = { ...job.headers, ...(job.body ? { 'content-type': 'application/json' } : {}) };
let n = 0;
const perRequest = job.rotate !== undefined || job.idempotencyKeys === true;
const result = await autocannon({
  url: job.url,
  connections: job.clients,
  duration: job.seconds,
  method: job.method,
  headers,
  ...(job.body && !perRequest ? { body: JSON.stringify(job.body) } : {}),
  ...(perRequest
    ? {
        requests: [
          {
            setupRequest: (request) => {
              const rotated = job.rotate ? { [job.rotate.field]: job.rotate.values[n % job.rotate.values.length] } : {};
              n += 1;
              return {
                ...request,
                headers: { ...headers, ...(job.idempotencyKeys ? { 'idempotency-key': randomUUID() } : {}) },
                ...(job.body ? { body: JSON.stringify({ ...job.body, ...rotated }) } : {}),
              };
            },
          },
        ],
      }
    : {}),
});
const figures: LoadResult = {
  'req/s': Math.round(result.requests.average),
  'p50 ms': result.latency.p50,
  'p99 ms': result.latency.p99,
  errors: result.errors + result.timeouts + result.non2xx,
};
process.send?.(figures);
process.disconnect?.();
