import { formatAmount } from '@corridor/domain';

export interface Figure {
  id: string;
  label: string;
  amount: string | null | undefined;
  currency?: string | null;
  hint?: string;
}

/** A row of labelled amounts (credit position, reserves, payables): one card each. */
export function FigureGrid({ figures, dp, testId }: { figures: readonly Figure[]; dp: number; testId: string }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5" data-testid={testId}>
      {figures.map((f) => (
        <div key={f.id} className="rounded-xl border bg-card p-4 shadow-xs" data-testid={`${testId}-${f.id}`}>
          <p className="text-xs font-medium text-muted-foreground">{f.label}</p>
          <p className="mt-2 text-lg font-semibold tabular-nums" dir="ltr">
            {formatAmount(f.amount, dp)}
            {f.currency && <span className="ms-1 text-xs font-normal text-muted-foreground">{f.currency}</span>}
          </p>
          {f.hint && <p className="mt-1 text-xs text-muted-foreground">{f.hint}</p>}
        </div>
      ))}
    </div>
  );
}
