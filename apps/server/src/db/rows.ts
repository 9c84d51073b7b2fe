/**
 * The rows of a hand-written statement (`db.execute`), whichever driver answered: node-postgres and
 * PGlite answer an object holding them, some drivers the array itself.
 */
export const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
