/**
 * A query string as the API expects it (DESIGN §4): arrays as `key[]=a&key[]=b`, nulls and empty
 * strings skipped. The platform's URLSearchParams does the encoding; no query-string library reaches the phone.
 */
export function toQueryString(query: unknown): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value) if (item !== null && item !== undefined) params.append(`${key}[]`, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  return params.toString();
}
