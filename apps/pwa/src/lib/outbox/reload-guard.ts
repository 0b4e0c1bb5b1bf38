/**
 * What stops the portal from reloading for a new version: forms with unsaved changes (each form
 * says so while dirty) and payments still in the outbox.
 */
const dirtyForms = new Set<string>();

export function setFormDirty(id: string, dirty: boolean): void {
  if (dirty) dirtyForms.add(id);
  else dirtyForms.delete(id);
}

export type ReloadBlocker = { kind: 'unsent'; count: number } | { kind: 'form' } | null;

/** Why a reload must wait now, if it must: unsent payments first, then a dirty form. */
export async function reloadBlocker(userId: string | null | undefined, countUnsent: (userId: string) => Promise<number>): Promise<ReloadBlocker> {
  const count = userId ? await countUnsent(userId).catch(() => 0) : 0;
  if (count > 0) return { kind: 'unsent', count };
  return dirtyForms.size > 0 ? { kind: 'form' } : null;
}
