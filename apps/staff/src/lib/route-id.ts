/** A route id parameter as a positive integer (a PostgreSQL integer), or null. */
export function idFrom(value: string | undefined | null): number | null {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
}
