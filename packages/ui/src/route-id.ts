/** A route's id parameter as a database id (a positive 32-bit integer), or null for anything else. */
export function idFrom(value: string | undefined | null): number | null {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
}
