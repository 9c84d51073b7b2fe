/** Where a list reports a row it could not present. */
export interface SkipLog {
  warn(details: Record<string, unknown>, message: string): void;
}

/**
 * Presents each row of a list; a row its presenter cannot present (a stored value out of range: a
 * date of the year 20 reads back as an invalid Date, whose `toISOString` throws) is left out and
 * logged with its id, so one bad row never turns the whole list into a 500 for everyone
 * (issue 30; docs/decisions/platform-date-ranges.md).
 */
export function presentEach<Row extends { id: number }, Out>(
  rows: readonly Row[],
  present: (row: Row) => Out,
  log: SkipLog,
  what: string,
): Out[] {
  const out: Out[] = [];
  for (const row of rows) {
    try {
      out.push(present(row));
    } catch (error) {
      log.warn({ err: error, id: row.id }, `${what}: a stored row left out of the list (not presentable)`);
    }
  }
  return out;
}

/** An instant as ISO 8601, or null when the stored value does not read back as a valid Date. */
export const isoOrNull = (value: Date | null | undefined): string | null =>
  value && !Number.isNaN(value.getTime()) ? value.toISOString() : null;
