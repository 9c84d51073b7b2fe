/** A route id parameter as a positive integer (a PostgreSQL integer), or null. */
export function idFrom(value: string | undefined): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
}
