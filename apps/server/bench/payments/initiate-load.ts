/**
 * The initiate bench's client, run as a process of its own (forked by the bench) so that firing
 * requests never shares the server's event loop: a client in the server's thread adds its own work
 * to every latency it measures. It takes its job from the bench and answers the figures.
 * Each request carries a fresh Idempotency-Key and takes the next wallet in turn.
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';

export interface InitiateLoad {
  url: string;
  clients: number;
  seconds: number;
  headers: Record<string, string>;
  walletIds: string[];
  body: Record<string, unknown>;
}

export interface InitiateFigures {
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  errors: number;
}

const job = await new Promise<InitiateLoad>((resolve) => process.once('message', (message) => resolve(message as InitiateLoad)));
let n = 0;
const result = await autocannon({
  url: job.url,
  connections: job.clients,
  duration: job.seconds,
  method: 'POST',
  requests: [
    {
      setupRequest: (request) => {
        const walletId = job.walletIds[n % job.walletIds.length] as string;
        n += 1;
        return {
          ...request,
          headers: { ...job.headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          body: JSON.stringify({ ...job.body, walletId }),
        };
      },
    },
  ],
});
const figures: InitiateFigures = {
  'req/s': Math.round(result.requests.average),
  'p50 ms': result.latency.p50,
  'p99 ms': result.latency.p99,
  errors: result.errors + result.timeouts + result.non2xx,
};
process.send?.(figures);
process.disconnect?.();
