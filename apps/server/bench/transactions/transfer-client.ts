/**
 * The transfer bench's client: drives whole transfers (quote, create, source approval, target approval),
 * one loop per wallet pair, from a process of its own (forked by `transfer.bench.ts`), so that firing
 * requests never shares the measured server's event loop. It takes its job as its first message and
 * answers the figures. `ours` is Corridor's API; `bare` the minimal server's routes for the same steps.
 *
 * With a `step`, it drives one step alone, to see where a whole transfer's time goes: `create` quotes and
 * creates transfers for `seconds` and answers their ids (per wallet pair), `source` and `target` then
 * approve those ids, each pair's in turn.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface TransferJob {
  base: string;
  flow: 'ours' | 'bare';
  pairs: Array<{ source: string; target: string }>;
  tokens: { merchant: string; sourceApprover: string; targetApprover: string };
  seconds: number;
  /** One step alone (see above); `ids` are the transfers to approve, per wallet pair. */
  step?: 'create' | 'source' | 'target';
  ids?: string[][];
}

export interface TransferFigures {
  perSecond: number;
  /** How many were done (complete transfers, or the step's calls). */
  done: number;
  p50: number;
  p99: number;
  errors: number;
  /** With `step: 'create'`: the transfers created, per wallet pair. */
  ids?: string[][];
}

interface Step {
  /** A creating call: sent with an Idempotency-Key, as the portal's client sends one on every call marked `creates`. */
  creates?: true;
  method: 'POST' | 'PUT';
  path: string;
  token: string;
  body: unknown;
}
type Pair = TransferJob['pairs'][number];
interface Flow {
  quote(pair: Pair): Step;
  create(quoteId: string, pair: Pair): Step;
  source(transactionId: string): Step;
  target(transactionId: string): Step;
}

function flows(tokens: TransferJob['tokens']): Record<TransferJob['flow'], Flow> {
  return {
    ours: {
      quote: (pair) => ({
        creates: true,
        method: 'POST',
        path: '/merchant/v1/quote',
        token: tokens.merchant,
        body: {
          transactionCategory: 'PAYOUT',
          dealType: 'SPOT',
          sourceWalletId: pair.source,
          sendAmount: { amount: '100', currency: 'USD' },
          targetCurrency: 'AED',
        },
      }),
      create: (quoteId, pair) => ({
        creates: true,
        method: 'POST',
        path: '/v2/merchant/transactions',
        token: tokens.merchant,
        body: { category: 'TRANSFER', type: 'FX_DEAL', quoteId, sourceWalletId: pair.source, targetWalletId: pair.target },
      }),
      source: (id) => ({
        method: 'PUT',
        path: `/sp/v2/transactions/merchant/${id}/source-approval`,
        token: tokens.sourceApprover,
        body: { status: 'APPROVED' },
      }),
      target: (id) => ({ method: 'PUT', path: `/v2/sp/transactions/${id}/target-approval`, token: tokens.targetApprover, body: { status: 'APPROVED' } }),
    },
    // The same callers and tokens as Corridor's flow: the minimal server verifies them too.
    bare: {
      quote: (pair) => ({ creates: true, method: 'POST', path: '/quote', token: tokens.merchant, body: { sourceWalletId: pair.source } }),
      create: (quoteId, pair) => ({
        creates: true,
        method: 'POST',
        path: '/transfer',
        token: tokens.merchant,
        body: { quoteId, sourceWalletId: pair.source, targetWalletId: pair.target },
      }),
      source: (id) => ({ method: 'PUT', path: `/source/${id}`, token: tokens.sourceApprover, body: {} }),
      target: (id) => ({ method: 'PUT', path: `/target/${id}`, token: tokens.targetApprover, body: {} }),
    },
  };
}

/**
 * One call on a kept-alive connection of node:http, as light a client as autocannon (the other benches'
 * client): fetch cost this process half a core at 600 calls/s, a quarter of this two-core machine taken from
 * the servers it measures. No Accept-Encoding, as autocannon sends none: both servers answer uncompressed.
 */
function send(agent: http.Agent, base: string, step: Step): Promise<Record<string, unknown>> {
  const target = new URL(`${base}${step.path}`);
  const body = JSON.stringify(step.body);
  const headers = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    ...(step.creates ? { 'idempotency-key': randomUUID() } : {}),
    authorization: `Bearer ${step.token}`,
  };
  return new Promise((resolve, reject) => {
    const request = http.request({ agent, host: target.hostname, port: target.port, path: target.pathname, method: step.method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('error', reject);
      response.once('end', () => {
        try {
          const answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
          const status = response.statusCode ?? 0;
          if (status >= 300) reject(new Error(`${step.method} ${step.path}: ${status} ${JSON.stringify(answer)}`));
          else resolve(answer);
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    });
    request.once('error', reject);
    request.end(body);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/**
 * One loop per wallet pair, each driving whole transfers for `seconds` (a Corridor transfer must end
 * COMPLETED), or one step of them (`job.step`); counts what each loop completes per second of the run.
 */
async function transfers(job: TransferJob): Promise<TransferFigures> {
  const flow = flows(job.tokens)[job.flow];
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.pairs.length });
  const started = performance.now();
  const until = Date.now() + job.seconds * 1000;
  const latencies: number[] = [];
  const created: string[][] = job.pairs.map(() => []);
  let errors = 0;
  let done = 0;
  const timed = async (step: Step) => {
    const t0 = performance.now();
    const answer = await send(agent, job.base, step);
    latencies.push(performance.now() - t0);
    return answer;
  };
  const attempt = async (work: () => Promise<void>) => {
    try {
      await work();
      done += 1;
    } catch (error) {
      errors += 1;
      if (errors <= 3) console.error(error);
    }
  };
  const create = async (pair: Pair) => {
    const quote = await timed(flow.quote(pair));
    const answer = await timed(flow.create(String(quote.id), pair));
    return String(answer.transactionId ?? answer.id);
  };
  const complete = async (id: string) => {
    const last = await timed(flow.target(id));
    if (job.flow === 'ours' && last.status !== 'COMPLETED') throw new Error(`transfer ${id} ended ${String(last.status)}`);
  };
  await Promise.all(
    job.pairs.map(async (pair, i) => {
      if (job.step === 'source' || job.step === 'target') {
        for (const id of job.ids?.[i] ?? []) await attempt(() => (job.step === 'source' ? timed(flow.source(id)).then(() => undefined) : complete(id)));
        return;
      }
      while (Date.now() < until) {
        await attempt(async () => {
          const id = await create(pair);
          if (job.step === 'create') created[i]?.push(id);
          else {
            await timed(flow.source(id));
            await complete(id);
          }
        });
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    perSecond: Math.round(done / seconds),
    done,
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    errors,
    ...(job.step === 'create' ? { ids: created } : {}),
  };
}

const job = await new Promise<TransferJob>((resolve) => process.once('message', (message) => resolve(message as TransferJob)));
process.send?.(await transfers(job), () => process.exit(0));
