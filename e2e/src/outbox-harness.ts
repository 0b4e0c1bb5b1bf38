import { randomUUID } from 'node:crypto';
import { DEMO_PASSWORD } from './browser.ts';

/**
 * The server side of the outbox proofs: what the server holds, read through its own API (the test
 * server's embedded database belongs to the server process, so the API is the way in).
 */

/** The portal's demo OAuth client (the reference server's seed). */
export const PORTAL_CLIENT = { id: 'corridor-portal', secret: 'corridor-portal-demo-secret' } as const;
/** The merchant user the proofs draft as (Globex Trading). */
export const MERCHANT_USER = '100000001';

export async function tokenOf(baseUrl: string, digit9Id = MERCHANT_USER): Promise<string> {
  const res = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${PORTAL_CLIENT.id}:${PORTAL_CLIENT.secret}`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'password', username: digit9Id, password: DEMO_PASSWORD }).toString(),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${digit9Id} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

interface WalletRow {
  id: string;
  currencyCode: string;
  status: string;
}

/** An active wallet of the merchant: the drafts are paid from it, in its own currency (no quote needed). */
export async function activeWallet(baseUrl: string, token: string): Promise<WalletRow> {
  const res = await fetch(`${baseUrl}/v1/merchant/wallets?size=100`, { headers: { Authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`wallets answered ${res.status}`);
  const wallet = ((await res.json()) as { content: WalletRow[] }).content.find((w) => w.status === 'ACTIVE');
  if (!wallet) throw new Error('the merchant has no active wallet');
  return wallet;
}

export interface ServerPayment {
  id: string;
  paymentId: string;
  draftId: string | null;
  status: string;
}

/** Every payment of the merchant the server holds, whatever its status. */
export async function serverPayments(baseUrl: string, token: string): Promise<ServerPayment[]> {
  const res = await fetch(`${baseUrl}/m/api/v1/transactions/payments?size=10000`, { headers: { Authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`payments answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { content: ServerPayment[] }).content;
}

/** A same-currency draft body, as the new-payment form makes one (amounts differ so rows are told apart). */
export function draftBody(index: number, wallet: WalletRow, draftId: string = randomUUID()): { draftId: string; [field: string]: unknown } {
  return {
    draftId,
    walletId: wallet.id,
    category: 'PAYOUT',
    sendCurrency: wallet.currencyCode,
    receiveCurrency: wallet.currencyCode,
    sendAmount: `${10 + (index % 90)}.${String(index % 100).padStart(2, '0')}`,
    receiver: { name: `Outbox proof ${index + 1}`, countryCode: 'AE', accountNumber: `AE07033${String(index).padStart(16, '0')}` },
    referenceNumber: `OUTBOX-${index + 1}`,
    message: 'Drafted offline',
  };
}

/** How the drafts landed: each draft id once, nothing else new, nothing doubled. */
export interface Landing {
  /** Payments the server holds now that it did not before. */
  added: number;
  /** Draft ids of ours the server holds, with how many payments each. */
  perDraft: Map<string, number>;
  missing: string[];
  doubled: string[];
}

export function landing(before: ServerPayment[], after: ServerPayment[], draftIds: string[]): Landing {
  const known = new Set(before.map((p) => p.id));
  const perDraft = new Map<string, number>();
  for (const p of after) if (p.draftId) perDraft.set(p.draftId, (perDraft.get(p.draftId) ?? 0) + 1);
  return {
    added: after.filter((p) => !known.has(p.id)).length,
    perDraft,
    missing: draftIds.filter((id) => !perDraft.has(id)),
    doubled: draftIds.filter((id) => (perDraft.get(id) ?? 0) > 1),
  };
}

/** The signed-in user's id as the server knows it (the outbox is kept per user id). */
export async function userIdOf(baseUrl: string, token: string): Promise<string> {
  const res = await fetch(`${baseUrl}/users/me`, { headers: { Authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`users/me answered ${res.status}`);
  return ((await res.json()) as { id: string }).id;
}
