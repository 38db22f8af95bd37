import { ALL_REFUSALS, type AnyRefusalCode } from 'shared-api';

/** An error a visitor may see: its message goes out as `{ "error": message }` with `status`. */
export class HttpError extends Error {
  /** Sent as Retry-After (a 429 or 503 that knows when to come back). */
  retryAfterSeconds?: number;

  constructor(
    readonly status: number,
    message: string,
    /** Per-field messages of a validation error, sent as `fields`. */
    readonly fields?: Record<string, string>,
    /** A refusal's stable code, sent as `code`. */
    readonly code?: AnyRefusalCode,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** A well-formed request the state of things does not allow (409), with its code and English text. */
export const refusal = (code: AnyRefusalCode) => new HttpError(409, ALL_REFUSALS[code], undefined, code);
