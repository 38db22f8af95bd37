import type * as z from 'zod/mini';

/**
 * A list's state lives in the URL (a link or a reload shows the same page): read through the
 * list's own query schema, so a hand-edited or stale URL falls back to the defaults field by
 * field instead of breaking the screen.
 */
export function readListParams<S extends z.ZodMiniObject>(schema: S, params: URLSearchParams): z.output<S> {
  const raw = Object.fromEntries([...params].filter(([, value]) => value !== ''));
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  // Drop what failed, keep the rest.
  const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  return schema.parse(Object.fromEntries(Object.entries(raw).filter(([key]) => !bad.has(key))));
}

/** The URL's query for a list's state: defaults and empty values are left out. */
export function listSearch(state: Record<string, string | number | undefined>, defaults: Record<string, unknown>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(state)) {
    if (value !== undefined && value !== '' && value !== defaults[key]) params.set(key, String(value));
  }
  return params;
}
