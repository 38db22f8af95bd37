import type { IncomingMessage } from 'node:http';

/**
 * What a request log may keep. Sessions (`signup_session`, `staff_session`, the door's token) are
 * stored as SHA-256 in the database so that a leak of it opens nothing; a log with the cookie in
 * clear would undo that. Cookies, Set-Cookie, Authorization and secret-looking query parameters
 * (tokens of magic links, private waitlist pages, reset links) are written as `[redacted]`.
 */
export const REDACTED = '[redacted]';
/** A path that names a file (an extension at its end): a static asset, not a page or a call. */
const STATIC_FILE = /\.[a-z0-9]{1,8}$/i;
const SECRET_HEADERS = new Set(['cookie', 'set-cookie', 'authorization', 'proxy-authorization', 'x-api-key']);
const SECRET_PARAM = /token|secret|password|pass|key|code|sig|session|otp/i;

/** The URL with every secret-looking query parameter's value replaced. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const kept = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return equals !== -1 && SECRET_PARAM.test(decodeSafely(name)) ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, query)}?${kept.join('&')}`;
}

function decodeSafely(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export function redactHeaders(headers: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!headers) return headers;
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : value]),
  );
}

type Serialized = Record<string, unknown> & { url?: string; headers?: Record<string, unknown> };

/**
 * pino-http's options for both services: their default request and response records, with the
 * secrets above taken out (pino-http hands these serializers its own records).
 */
export function requestLogOptions(ignore: (req: IncomingMessage) => boolean) {
  return {
    autoLogging: { ignore },
    // A file served well (a script, a style, an image) is no news at the default level: a page
    // would write a dozen lines. Failures and everything else stay at info and above.
    customLogLevel: (req: IncomingMessage, res: { statusCode: number }, error?: Error) =>
      error || res.statusCode >= 500
        ? 'error'
        : res.statusCode >= 400
          ? 'warn'
          : STATIC_FILE.test((req.url ?? '').split('?')[0] ?? '')
            ? 'debug'
            : 'info',
    serializers: {
      req: (req: Serialized) => ({
        ...req,
        url: typeof req.url === 'string' ? redactUrl(req.url) : req.url,
        // The parsed query repeats what the URL says: dropped, not kept in clear beside it.
        query: undefined,
        headers: redactHeaders(req.headers),
      }),
      res: (res: Serialized) => ({ ...res, headers: redactHeaders(res.headers) }),
    },
  };
}
