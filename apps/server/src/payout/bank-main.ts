import { BankSimulator, httpCallbackSender, startBankServer } from './bank-simulator.ts';

// The simulated correspondent bank on its own: `node --import tsx src/payout/bank-main.ts` (or `pnpm bank`).
// Corridor reaches it with BANK_URL=http://127.0.0.1:<BANK_PORT>; it calls back CORRIDOR_URL.
const env = process.env;
// It signs with BANK_CALLBACK_SECRET, which the server must be given too: there is no default to share
// (the demo server without it makes a random secret only its in-process bank knows).
const secret = env.BANK_CALLBACK_SECRET ?? '';
if (!secret) {
  console.error('The bank cannot start: BANK_CALLBACK_SECRET is not set; give the bank and the Corridor server the same value');
  process.exit(1);
}
const port = Number(env.BANK_PORT ?? '8090');
const corridorUrl = (env.CORRIDOR_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
const bank = new BankSimulator({
  delayMs: Number(env.BANK_DELAY_MS ?? '1500'),
  failureRate: Number(env.BANK_FAILURE_RATE ?? '0'),
  ...(env.BANK_SEED ? { seed: Number(env.BANK_SEED) } : {}),
  notify: httpCallbackSender(corridorUrl, secret),
});
const app = await startBankServer(bank, { port, host: env.BANK_HOST ?? '127.0.0.1' });
console.log(`Simulated bank listening on http://127.0.0.1:${port}/bank/payouts, calling back ${corridorUrl}`);
const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
