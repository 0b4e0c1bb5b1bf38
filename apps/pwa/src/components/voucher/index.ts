export { VoucherViewModal, type VoucherViewModalProps } from './voucher-view-modal.tsx';
export { VoucherPrintView, SIGNATURE_SLOTS, type VoucherPrintViewProps } from './voucher-print-view.tsx';
export { VoucherEntryTable, type VoucherEntryTableProps } from './voucher-entry-table.tsx';
export { VoucherHeader } from './voucher-header.tsx';
export { useEntityVouchers } from './use-entity-vouchers.ts';
export { formatUsdTotal, voucherLcTotals, vouchersOf } from './voucher-format.ts';
export type { AccountingEntryView, VoucherLineView, VoucherView } from './voucher-types.ts';
