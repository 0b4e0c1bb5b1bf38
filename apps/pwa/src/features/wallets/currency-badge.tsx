/** A currency as a code badge (no flags: the code is what treasury staff read). */
export function CurrencyBadge({ code }: { code: string }) {
  return (
    <span
      data-testid="currency-badge"
      className="inline-flex h-6 min-w-12 items-center justify-center rounded-md bg-primary/10 px-2 font-mono text-xs font-semibold tracking-wider text-primary"
    >
      {code}
    </span>
  );
}
