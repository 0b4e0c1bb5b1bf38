/** A charge as a deal carries it (spec 1 section 3: "chargeMode OUR or BEN, amount"). */
interface ReceiptChargeView {
  chargeMode: string;
  amount: string;
  currency?: string;
}

/**
 * The deal or transaction a receipt prints (spec 1 section 3, "Deal or transaction (receipt)"),
 * with its statuses and the records that sign it. Structural, so the transactions call's answer
 * fits as it is.
 */
export interface ReceiptDealView {
  id: string;
  category: 'TRANSFER' | 'TOPUP';
  type: string;
  txnStatus: string;
  approvalStatus?: string | null;
  targetSPId?: string | null;
  createdAt: string;
  createdBy: { name: string };
  valueDate: string | null;
  remarks: string | null;
  referenceNumber: string | null;
  sourceAmount: string;
  sourceCurrency: string;
  targetAmount: string;
  targetCurrency: string;
  exchangeRate: string | null;
  correspondentCharges: ReceiptChargeView[];
  /**
   * The taxes in the transactions call's order (the merchant's charges' taxes, then the correspondent's: the first
   * is the totals' "first tax"), each with the charge it is levied on and that charge's currency when known.
   */
  tax: { name?: string; amount: string; on?: 'MERCHANT' | 'CORRESPONDENT'; currency?: string }[];
}

export interface ReceiptApprovalView {
  data: { status: string; remarks?: string | null }[];
  createdBy: { name: string };
  createdAt: string;
}

export interface ReceiptCancellationView {
  cancelledBy: { name: string };
  cancelledOn: string;
}
