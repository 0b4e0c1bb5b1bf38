import { Dec } from '@corridor/domain';
import { batchOf } from './mass-send.ts';
import { compareCodes } from '@/lib/intl-format.ts';

interface BatchPayment {
  merchantId: string;
  status: string;
  referenceNumber: string | null;
  createdAt?: string | null;
  sender: { name?: string; sendingAmount: string; sendingCurrencyCode: string };
}

export interface BatchSummary {
  batch: string;
  merchantId: string;
  /** The sender's name on the batch's payments: the merchant's name unless the file gave another. */
  merchantName: string;
  count: number;
  firstAt: string | null;
  /** Per status and currency: how many and their total. */
  byStatus: { status: string; currency: string; count: number; total: string }[];
}

/** Payments grouped into their files' batches (by the batch reference), newest batch first. */
export function groupBatches(payments: readonly BatchPayment[]): BatchSummary[] {
  const batches = new Map<
    string,
    { merchantId: string; merchantName: string; count: number; firstAt: string | null; cells: Map<string, { count: number; total: InstanceType<typeof Dec> }> }
  >();
  for (const p of payments) {
    const ref = batchOf(p.referenceNumber);
    if (!ref) continue;
    const b = batches.get(ref.batch) ?? { merchantId: p.merchantId, merchantName: p.sender.name ?? p.merchantId, count: 0, firstAt: null, cells: new Map() };
    b.count++;
    if (p.createdAt && (b.firstAt === null || p.createdAt < b.firstAt)) b.firstAt = p.createdAt;
    const key = `${p.status}|${p.sender.sendingCurrencyCode}`;
    const cell = b.cells.get(key) ?? { count: 0, total: new Dec(0) };
    cell.count++;
    cell.total = cell.total.plus(p.sender.sendingAmount);
    b.cells.set(key, cell);
    batches.set(ref.batch, b);
  }
  return [...batches.entries()]
    .map(([batch, b]) => ({
      batch,
      merchantId: b.merchantId,
      merchantName: b.merchantName,
      count: b.count,
      firstAt: b.firstAt,
      byStatus: [...b.cells.entries()]
        .map(([key, c]) => {
          const [status = '', currency = ''] = key.split('|');
          return { status, currency, count: c.count, total: c.total.toFixed() };
        })
        .sort((x, y) => compareCodes(x.status, y.status) || compareCodes(x.currency, y.currency)),
    }))
    .sort((x, y) => compareCodes(y.firstAt ?? '', x.firstAt ?? ''));
}
