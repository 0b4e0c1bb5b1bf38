import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { SIGNATURE_HEADER, signCallback } from './bank-signature.ts';
import { BankSimulator, type CallbackSender } from './bank-simulator.ts';
import { httpBankTransport, RailWorker, type BankTransport } from './rail.ts';

/** Signed callbacks to this very server, without a network hop (the in-process bank). */
function injectSender(app: FastifyInstance, secret: string, now: () => Date): CallbackSender {
  return async (path, body) => {
    const raw = JSON.stringify(body);
    const res = await app.inject({
      method: 'POST',
      url: path,
      payload: raw,
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signCallback(secret, raw, now()) },
    });
    if (res.statusCode >= 500 || res.statusCode === 401) throw new Error(`callback answered ${res.statusCode}`);
  };
}

/**
 * Starts what config.bank asks for: the simulated bank in this process (BANK_SIMULATOR, on by default on
 * the demo start) and the rail worker (RAIL_ENABLED), sending to BANK_URL when set, else to the bank here.
 * Both stop when the app closes.
 */
export function startPayout(app: FastifyInstance, db: Db, config: ServerConfig): { bank: BankSimulator | null; rail: RailWorker | null } {
  const { bank: settings } = config;
  const bank = settings.simulatorEnabled
    ? new BankSimulator({ delayMs: settings.delayMs, failureRate: settings.failureRate, notify: injectSender(app, settings.callbackSecret, config.now) })
    : null;
  const transport: BankTransport | null = settings.url ? httpBankTransport(settings.url) : bank ? { send: async (i) => bank.receive(i) } : null;
  let rail: RailWorker | null = null;
  if (settings.railEnabled && transport) {
    rail = new RailWorker(db, transport, {
      workerId: `${hostname()}:${process.pid}`,
      now: config.now,
      log: app.log,
      answerTimeoutMs: settings.answerTimeoutMs,
    });
    rail.start();
  } else if (settings.railEnabled) {
    app.log.warn('payout rail not started: set BANK_URL or BANK_SIMULATOR=1');
  }
  app.addHook('onClose', async () => {
    await rail?.stop();
    await bank?.close();
  });
  return { bank, rail };
}
