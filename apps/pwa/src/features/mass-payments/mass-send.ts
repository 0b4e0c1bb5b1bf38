import type { CheckedRow, ValidRow } from './mass-validate.ts';

/**
 * The category every payment of a mass payment file carries: the TSP's batch list filters on it.
 * @internal used by its tests
 */
export const MASS_CATEGORY = 'MASS_PAYOUT';
const BATCH_PREFIX = 'MP-';
const REFERENCE = /^MP-([0-9A-F]{12})-(\d+)/;

/**
 * The batch reference of a file: from its hash, so the same file is the same batch.
 * @internal used by its tests
 */
export function batchReference(fileHash: string): string {
  return `${BATCH_PREFIX}${fileHash.slice(0, 12).toUpperCase()}`;
}

/** The batch and line a payment's reference names, or null for a payment of no batch. */
export function batchOf(referenceNumber: string | null): { batch: string; line: number } | null {
  const match = referenceNumber ? REFERENCE.exec(referenceNumber) : null;
  return match ? { batch: `${BATCH_PREFIX}${match[1]}`, line: Number(match[2]) } : null;
}

/**
 * A row's draftId: a UUID (version 8, "custom") made from the file's hash and the row's line. The
 * same file uploaded again gives the same ids, so the outbox keeps the first copy and the server
 * answers the payment it already holds: a file is never paid twice.
 * @internal used by its tests
 */
export async function draftIdFor(fileHash: string, line: number): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${fileHash}:${line}`)));
  const b = Array.from(digest.slice(0, 16), (x) => x.toString(16).padStart(2, '0'));
  b[6] = `8${(b[6] ?? '00')[1]}`;
  b[8] = ((parseInt(b[8] ?? '0', 16) & 0x3f) | 0x80).toString(16).padStart(2, '0');
  const h = b.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** The payment body of a valid row: its batch's reference and line, its own reference after them. */
function paymentBody(batch: string, line: number, row: ValidRow): Record<string, unknown> {
  return {
    walletId: row.walletId,
    category: MASS_CATEGORY,
    sendAmount: row.amount,
    sendCurrency: row.currency,
    receiveCurrency: row.currency,
    receiver: row.receiver,
    ...(row.beneficiaryId ? { beneficiaryId: row.beneficiaryId } : {}),
    referenceNumber: row.reference ? `${batch}-${line}-${row.reference}` : `${batch}-${line}`,
    ...(row.purpose ? { purposeOfTransaction: row.purpose } : {}),
    ...(row.message ? { message: row.message } : {}),
  };
}

export interface MassDraft {
  id: string;
  line: number;
  body: Record<string, unknown>;
}

/** The drafts of a file's valid rows, each with its own id. */
export async function massDrafts(fileHash: string, rows: readonly CheckedRow[]): Promise<MassDraft[]> {
  const batch = batchReference(fileHash);
  const valid = rows.filter((r): r is CheckedRow & { valid: ValidRow } => r.valid !== null);
  return Promise.all(valid.map(async (r) => ({ id: await draftIdFor(fileHash, r.line), line: r.line, body: paymentBody(batch, r.line, r.valid) })));
}

export interface BatchProgress {
  total: number;
  sent: number;
  waiting: number;
  refused: number;
}

/** Where a drafted row is on its way: with the server, waiting on the device, or refused by the server. */
export type RowSend = 'sent' | 'waiting' | 'refused';

/** The outbox state of a draft as its row reads it; null when the draft is not in the outbox (never queued, or discarded). */
function rowSendOf(state: string | undefined): RowSend | null {
  if (state === undefined) return null;
  if (state === 'sent') return 'sent';
  return state === 'rejected' ? 'refused' : 'waiting';
}

/** How far a batch of `total` drafts got, from each drafted line's way (a draft no longer in the outbox was discarded). */
export function batchProgress(total: number, sends: ReadonlyMap<number, RowSend>): BatchProgress {
  const progress = { total, sent: 0, waiting: 0, refused: 0 };
  for (const send of sends.values()) progress[send]++;
  return progress;
}

/** Each drafted line's way through the outbox, for the row's own result cell. */
export function rowSends(drafts: readonly Pick<MassDraft, 'id' | 'line'>[], states: ReadonlyMap<string, string>): Map<number, RowSend> {
  const sends = new Map<number, RowSend>();
  for (const draft of drafts) {
    const send = rowSendOf(states.get(draft.id));
    if (send) sends.set(draft.line, send);
  }
  return sends;
}
