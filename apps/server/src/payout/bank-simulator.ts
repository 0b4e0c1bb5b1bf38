import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { seededRandom } from '../lib/seeded-random.ts';
import { SIGNATURE_HEADER, signCallback } from './bank-signature.ts';

/** What the rail sends the bank for one attempt of one payment. */
const payoutInstruction = z.object({
  /** The payment's reference: the bank pays a payment once, whatever the attempt. */
  paymentId: z.string().min(1),
  attempt: z.number().int().positive(),
  amount: z.string(),
  currency: z.string(),
  receiver: z.object({
    name: z.string(),
    iban: z.string().nullish(),
    accountNumber: z.string().nullish(),
    bankCode: z.string().nullish(),
    countryCode: z.string(),
  }),
});
export type PayoutInstruction = z.infer<typeof payoutInstruction>;

/** Posts one signed callback to Corridor; throws when Corridor did not take it (the bank tries again). */
export type CallbackSender = (path: string, body: Record<string, unknown>) => Promise<void>;

export interface BankSimulatorOptions {
  delayMs: number;
  /** Share of payments refused, 0..1. */
  failureRate: number;
  /** Seed of the refusal draw, so a test knows which payments fail. */
  seed?: number;
  notify: CallbackSender;
  /** Delivery tries of one callback before the bank gives up on it (Corridor down for that long). */
  maxDeliveries?: number;
}

type Outcome = { outcome: 'SETTLED' } | { outcome: 'REFUSED'; reason: string };

const REFUSALS = ['Beneficiary account closed', 'Beneficiary name does not match the account', 'Account not found at the beneficiary bank'];
const ACK_PATH = '/api/dbs/v1/remittance/ack';

/**
 * The simulated correspondent bank. It keys payouts by the payment's id: a repeated instruction (a
 * re-push, a resend after a crash) is answered with the outcome already decided and never paid twice.
 * Its memory is the bank's, outside Corridor: nothing Corridor needs lives here.
 */
export class BankSimulator {
  /** Instructions received, per payment id (a repeat counts here). */
  readonly instructions = new Map<string, number>();
  /** Payouts made: one per payment id at most. */
  readonly payouts = new Map<string, Outcome>();
  private readonly random: () => number;
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Callbacks being delivered now: closing waits for them, so nothing posts after the bank has closed. */
  private readonly delivering = new Set<Promise<void>>();
  private closed = false;

  constructor(private readonly options: BankSimulatorOptions) {
    this.random = seededRandom(options.seed ?? 20260101);
  }

  /** Takes an instruction and answers later through the callback, as a bank does. */
  receive(instruction: PayoutInstruction): void {
    this.instructions.set(instruction.paymentId, (this.instructions.get(instruction.paymentId) ?? 0) + 1);
    let decided = this.payouts.get(instruction.paymentId);
    if (!decided) {
      decided =
        this.random() < this.options.failureRate
          ? { outcome: 'REFUSED', reason: REFUSALS[Math.floor(this.random() * REFUSALS.length)] ?? 'Refused' }
          : { outcome: 'SETTLED' };
      this.payouts.set(instruction.paymentId, decided);
    }
    const body = {
      messageId: `BNK-${instruction.paymentId}-${instruction.attempt}`,
      paymentId: instruction.paymentId,
      attempt: instruction.attempt,
      ...decided,
      amount: instruction.amount,
      currency: instruction.currency,
      bankReference: `BNK-${instruction.paymentId}`,
    };
    this.later(this.options.delayMs, () => this.deliver(body, 1));
  }

  /** Payouts actually made (money moved), refused ones excluded. */
  paidCount(): number {
    return [...this.payouts.values()].filter((o) => o.outcome === 'SETTLED').length;
  }

  /** Stops sending: callbacks not yet due are dropped, callbacks on their way are waited for. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.delivering]);
  }

  private later(ms: number, fn: () => Promise<void>): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const delivery = fn().finally(() => this.delivering.delete(delivery));
      this.delivering.add(delivery);
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  private async deliver(body: Record<string, unknown>, tryNo: number): Promise<void> {
    if (this.closed) return;
    try {
      await this.options.notify(ACK_PATH, body);
    } catch {
      // Corridor is down or busy: the bank tries again, backing off, as correspondent banks do.
      if (tryNo < (this.options.maxDeliveries ?? 30)) this.later(Math.min(200 * 2 ** tryNo, 5_000), () => this.deliver(body, tryNo + 1));
    }
  }
}

/** Sends signed callbacks over HTTP to a Corridor server at `corridorUrl`. */
export function httpCallbackSender(corridorUrl: string, secret: string, now: () => Date = () => new Date()): CallbackSender {
  return async (path, body) => {
    const raw = JSON.stringify(body);
    const res = await fetch(`${corridorUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signCallback(secret, raw, now()) },
      body: raw,
    });
    // A 4xx other than a signature refusal will not change on a retry; a 5xx or 401 (clock, secret rotation) may.
    if (res.status >= 500 || res.status === 401 || res.status === 429) throw new Error(`Corridor answered ${res.status}`);
  };
}

/** The bank on its own HTTP port: POST /bank/payouts takes an instruction, GET /bank/stats counts. */
export async function startBankServer(bank: BankSimulator, opts: { port: number; host?: string }): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.post('/bank/payouts', async (request, reply) => {
    const parsed = payoutInstruction.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send({ code: 'VALIDATION_FAILED', message: parsed.error.message });
    bank.receive(parsed.data);
    return reply.status(202).send({ status: 'ACCEPTED' });
  });
  app.get('/bank/stats', async () => ({
    instructions: Object.fromEntries(bank.instructions),
    payouts: bank.payouts.size,
    paid: bank.paidCount(),
  }));
  app.addHook('onClose', () => bank.close());
  await app.listen({ port: opts.port, host: opts.host ?? '127.0.0.1' });
  return app;
}
