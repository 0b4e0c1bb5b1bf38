/**
 * The benches' HTTP client: autocannon (or, for an offered rate, a paced client of its own) in a process
 * of its own, forked by `load` (bench-server.ts), so that firing requests never shares the measured
 * server's event loop (a client in the server's thread adds its own work to every latency it measures).
 * It takes its job as its first message and answers the figures.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
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
  /**
   * An offered load: this many requests a second from all clients together, due at even intervals. Without
   * it every client sends its next request as soon as the last is answered, which measures the most a server
   * takes, and a latency that is only the clients' own queue at that rate.
   */
  rate?: number;
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

/** The next request's headers and body: the rotated field and a fresh Idempotency-Key where the job asks. */
function nextRequest(): { headers: Record<string, string>; body?: string } {
  const rotated = job.rotate ? { [job.rotate.field]: job.rotate.values[n % job.rotate.values.length] } : {};
  n += 1;
  return {
    headers: { ...headers, ...(job.idempotencyKeys ? { 'idempotency-key': randomUUID() } : {}) },
    ...(job.body ? { body: JSON.stringify({ ...job.body, ...rotated }) } : {}),
  };
}

/** As many requests as the clients take: autocannon, every client sending again as soon as it is answered. */
async function closedLoop(): Promise<LoadResult> {
  const result = await autocannon({
    url: job.url,
    connections: job.clients,
    duration: job.seconds,
    method: job.method,
    headers,
    ...(job.body && !perRequest ? { body: JSON.stringify(job.body) } : {}),
    ...(perRequest ? { requests: [{ setupRequest: (request) => ({ ...request, ...nextRequest() }) }] } : {}),
  });
  return {
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * An offered load of `rate` requests a second, due at even intervals, at most `clients` in flight. Each
 * latency runs from when its request was due, not from when a free client sent it, so a server that falls
 * behind shows it (no coordinated omission). autocannon's own rate limit sends each second's whole quota
 * at the second's start, which measures bursts instead.
 */
async function offered(rate: number): Promise<LoadResult> {
  const target = new URL(job.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.clients });
  const interval = 1000 / rate;
  const total = Math.round(rate * job.seconds);
  const latencies: number[] = [];
  const due: number[] = [];
  let errors = 0;
  let inFlight = 0;
  let scheduled = 0;
  let lastAnswer = 0;
  const start = performance.now();
  await new Promise<void>((resolve) => {
    const send = (dueAt: number): void => {
      inFlight += 1;
      const { headers: requestHeaders, body } = nextRequest();
      const settle = (ok: boolean): void => {
        lastAnswer = performance.now();
        latencies.push(lastAnswer - dueAt);
        if (!ok) errors += 1;
        inFlight -= 1;
        pump();
      };
      const request = http.request(
        { agent, host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, method: job.method, headers: requestHeaders },
        (response) => {
          response.resume();
          response.once('end', () => settle((response.statusCode ?? 0) >= 200 && (response.statusCode ?? 0) < 300));
        },
      );
      request.once('error', () => settle(false));
      request.end(body);
    };
    const pump = (): void => {
      const now = performance.now();
      while (scheduled < total && start + scheduled * interval <= now) {
        due.push(start + scheduled * interval);
        scheduled += 1;
      }
      while (inFlight < job.clients && due.length > 0) send(due.shift() ?? now);
      if (scheduled === total && due.length === 0 && inFlight === 0) {
        clearInterval(ticker);
        resolve();
      }
    };
    const ticker = setInterval(pump, 1);
  });
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number): number => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return { 'req/s': Math.round((total * 1000) / (lastAnswer - start)), 'p50 ms': at(0.5), 'p99 ms': at(0.99), errors };
}

process.send?.(await (job.rate === undefined ? closedLoop() : offered(job.rate)));
process.disconnect?.();
