/** A timestamp column (Date from pg, string from PGlite) as ISO 8601, null kept. */
export const toIso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();
