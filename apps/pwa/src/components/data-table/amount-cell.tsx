import { formatAmount, MISSING_VALUE } from '@corridor/domain';

export interface AmountCellProps {
  amount: string | number | null | undefined;
  /** Decimal places of the currency. */
  dp: number;
  currency?: string | null;
  sign?: 'credit' | 'debit';
}

/** An amount with its currency's decimals (domain formatAmount); '-' when missing. */
export function AmountCell({ amount, dp, currency, sign }: AmountCellProps) {
  const text = formatAmount(amount, dp, sign === undefined ? undefined : { sign });
  const withCurrency = text !== MISSING_VALUE && currency ? `${text} ${currency}` : text;
  return (
    <span className="block whitespace-nowrap text-end tabular-nums" title={withCurrency}>
      {/* bdi: the figure and its sign keep their order in right-to-left text ("-35.87 AED"). */}
      <bdi>{withCurrency}</bdi>
    </span>
  );
}
