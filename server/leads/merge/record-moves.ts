/**
 * Which records a merge moved, per lead they came from: `{fromLeadId: [recordId, …]}`.
 * Undo puts exactly these back (records added to the survivor since stay).
 */
export type RecordMoves = Record<string, string[]>;

/** Groups `{id, leadId}` rows by lead. */
export function movesOf(rows: readonly { id: string; leadId: string | null }[]): RecordMoves {
  const moves: RecordMoves = {};
  for (const row of rows) if (row.leadId !== null) (moves[row.leadId] ??= []).push(row.id);
  return moves;
}

export const movedIds = (moves: RecordMoves): string[] => Object.values(moves).flat();
