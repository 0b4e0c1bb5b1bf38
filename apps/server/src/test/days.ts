/** A calendar day (YYYY-MM-DD, UTC) `offset` days from today: test terms stay valid whenever they run. */
export function dayFromNow(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}
