import { decimalOrZero, toPlain } from './money.ts';

/** A correspondent charge as a deal carries it (spec 3: "chargeMode OUR or BEN, amount"). */
interface ReceiptCharge {
  /** OUR or BEN on a deal; the wire also knows SHA, REBATE and FX_PREMIUM, which count only as "first charge". */
  chargeMode: string;
  amount: string;
}

/** The part of a deal the receipt totals read (spec 3, "Deal or transaction (receipt)"). */
interface ReceiptDeal {
  sourceAmount: string;
  targetAmount: string;
  correspondentCharges?: ReceiptCharge[];
  tax?: { amount: string }[];
}

/** Receipt totals as plain decimal strings (no grouping). */
interface ReceiptTotals {
  totalTopUp: string;
  totalCredit: string;
  settlement: string;
}

/**
 * Deal receipt totals (spec 2): "total top-up = source amount + first correspondent charge +
 * first tax; total credit = target amount minus the BEN charge; settlement = source amount + OUR
 * charge minus tax". Missing charges and taxes count as zero; the BEN and OUR charges are the
 * first charge of that mode; the tax of the settlement is the first tax.
 *
 * @example receiptTotals({ sourceAmount: '1000', targetAmount: '920',
 *   correspondentCharges: [{ chargeMode: 'OUR', amount: '15' }], tax: [{ amount: '1.5' }] })
 *   // { totalTopUp: '1016.5', totalCredit: '920', settlement: '1013.5' }
 */
export function receiptTotals(deal: ReceiptDeal): ReceiptTotals {
  const charges = deal.correspondentCharges ?? [];
  const source = decimalOrZero(deal.sourceAmount);
  const target = decimalOrZero(deal.targetAmount);
  const firstCharge = decimalOrZero(charges[0]?.amount);
  const firstTax = decimalOrZero(deal.tax?.[0]?.amount);
  const ben = decimalOrZero(charges.find((c) => c.chargeMode === 'BEN')?.amount);
  const our = decimalOrZero(charges.find((c) => c.chargeMode === 'OUR')?.amount);
  return {
    totalTopUp: toPlain(source.plus(firstCharge).plus(firstTax)),
    totalCredit: toPlain(target.minus(ben)),
    settlement: toPlain(source.plus(our).minus(firstTax)),
  };
}

/** Receipt activity type label. */
type ReceiptActivityType = 'Cancelled' | 'Deal Receipt' | 'TopUp';

/**
 * Activity type of a receipt (spec 2): "The activity type reads Cancelled when txnStatus is
 * CANCELLED; otherwise Deal Receipt for category TRANSFER and TopUp for TOPUP".
 *
 * @example receiptActivityType('TRANSFER', 'CANCELLED') // 'Cancelled'
 * @example receiptActivityType('TOPUP') // 'TopUp'
 */
export function receiptActivityType(category: 'TRANSFER' | 'TOPUP', txnStatus?: string): ReceiptActivityType {
  if (txnStatus?.trim().toUpperCase() === 'CANCELLED') return 'Cancelled';
  return category === 'TOPUP' ? 'TopUp' : 'Deal Receipt';
}

/** A signatory block of the receipt. */
type ReceiptSignatory = 'Approved by' | 'Rejected by' | 'Cancelled by';

/**
 * Signatory blocks of a receipt (spec 2): "'Approved by' when txnStatus is COMPLETED (approved
 * wording when the approval status is APPROVED); 'Rejected by' when the approval status is
 * REJECTED; 'Cancelled by' when txnStatus is CANCELLED". Several may apply at once.
 *
 * @example receiptSignatories({ txnStatus: 'COMPLETED', approvalStatus: 'APPROVED' }) // ['Approved by']
 * @internal
 */
export function receiptSignatories(input: { txnStatus?: string | null; approvalStatus?: string | null }): ReceiptSignatory[] {
  const txn = input.txnStatus?.trim().toUpperCase();
  const approval = input.approvalStatus?.trim().toUpperCase();
  const blocks: ReceiptSignatory[] = [];
  if (txn === 'COMPLETED') blocks.push('Approved by');
  if (approval === 'REJECTED') blocks.push('Rejected by');
  if (txn === 'CANCELLED') blocks.push('Cancelled by');
  return blocks;
}

/** An approval record (spec 1 section 3): data[0].status, createdBy.name, createdAt. */
interface ReceiptApprovalRecord {
  data: { status: string; remarks?: string | null }[];
  createdBy: { name: string };
  createdAt: string;
}

/** A cancellation record (spec 1 section 3): cancelledBy.name, cancelledOn. */
interface ReceiptCancellationRecord {
  cancelledBy: { name: string };
  cancelledOn: string;
}

/** One signature block as printed: its label, who signed and when (null for an empty signature line). */
export interface ReceiptSignatoryBlock {
  label: ReceiptSignatory;
  /** True for the approved wording: the approval status is APPROVED and an approver is known. */
  approved: boolean;
  name: string | null;
  at: string | null;
  remarks: string | null;
}

const statusOf = (record: ReceiptApprovalRecord) => record.data[0]?.status.trim().toUpperCase();

/**
 * The signature blocks of a receipt with their signers (spec 2 and spec 1 section 3). The approver
 * is the last APPROVED record (a transfer's target side approves last and completes it); the
 * rejecter is the REJECTED record; the canceller comes from the cancellation record. A block whose
 * signer is unknown still prints, with an empty signature line, so a paper copy can be signed.
 *
 * @example receiptSignatoryBlocks({ txnStatus: 'COMPLETED', approvalStatus: 'APPROVED',
 *   approvals: [{ data: [{ status: 'APPROVED' }], createdBy: { name: 'Rana' }, createdAt: '2026-11-20T10:00:00Z' }] })
 *   // [{ label: 'Approved by', approved: true, name: 'Rana', at: '2026-11-20T10:00:00Z', remarks: null }]
 */
export function receiptSignatoryBlocks(input: {
  txnStatus?: string | null;
  approvalStatus?: string | null;
  approvals?: ReceiptApprovalRecord[];
  cancellation?: ReceiptCancellationRecord | null;
}): ReceiptSignatoryBlock[] {
  const approvals = input.approvals ?? [];
  const approvedBy = approvals.filter((r) => statusOf(r) === 'APPROVED').at(-1);
  const rejectedBy = approvals.find((r) => statusOf(r) === 'REJECTED');
  const approvalApproved = input.approvalStatus?.trim().toUpperCase() === 'APPROVED';
  return receiptSignatories(input).map((label): ReceiptSignatoryBlock => {
    if (label === 'Approved by') {
      return {
        label,
        approved: approvalApproved && approvedBy !== undefined,
        name: approvedBy?.createdBy.name ?? null,
        at: approvedBy?.createdAt ?? null,
        remarks: null,
      };
    }
    if (label === 'Rejected by') {
      return {
        label,
        approved: false,
        name: rejectedBy?.createdBy.name ?? null,
        at: rejectedBy?.createdAt ?? null,
        remarks: rejectedBy?.data[0]?.remarks ?? null,
      };
    }
    const c = input.cancellation;
    return { label, approved: false, name: c?.cancelledBy.name ?? null, at: c?.cancelledOn ?? null, remarks: null };
  });
}
