/** An error a visitor may see: its message goes out as `{ "error": message }` with `status`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Per-field messages of a validation error, sent as `fields`. */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
