import type { z } from 'zod';
import type { accountingEntry, voucher, voucherLine } from '@corridor/api';

/** A voucher as the accounting calls answer it (spec 3 "Voucher"). */
export type VoucherView = z.output<typeof voucher>;
/** One line of a voucher (spec 3 "Voucher line"). */
export type VoucherLineView = z.output<typeof voucherLine>;
/** An accounting entry: the voucher of an entity plus the related ones. */
export type AccountingEntryView = z.output<typeof accountingEntry>;
