/**
 * Whether a move-out day can be chosen: a date (`YYYY-MM-DD`) from the first day the notice period
 * allows to the last the server takes (both from its calendar). The server checks the same.
 */
export function moveOutDayProblem(
  chosen: string,
  window: { earliestMoveOut: string; latestMoveOut: string },
): 'missing' | 'out-of-range' | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(chosen) || Number.isNaN(Date.parse(`${chosen}T00:00:00Z`))) return 'missing';
  return chosen < window.earliestMoveOut || chosen > window.latestMoveOut ? 'out-of-range' : null;
}
