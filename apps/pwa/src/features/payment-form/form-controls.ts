/** A section of the form: titled card. */
export const SECTION_CLASS = 'grid gap-4 rounded-xl border bg-card p-4 shadow-xs';
