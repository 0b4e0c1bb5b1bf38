/** The native select's look, matching the kit's input (the form uses plain selects: they work offline and on phones). */
export const SELECT_CLASS =
  'flex h-9 w-full min-w-0 rounded-md border border-input bg-transparent px-3 py-1 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive disabled:opacity-50';

/** A section of the form: titled card. */
export const SECTION_CLASS = 'grid gap-4 rounded-xl border bg-card p-4 shadow-xs';
