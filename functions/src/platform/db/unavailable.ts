/** The socket-level failures of reaching a database server. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

const CONNECTION_MESSAGES =
  /Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|the database system is (starting up|shutting down)|PGlite is closed/i;

/**
 * The database is away (restarting, unreachable), not wrong: the call may succeed in a moment,
 * so it is answered 503 with Retry-After, not 500. SQLSTATE class 08 is a connection exception;
 * 57P01–57P03 are a server shutting down or starting.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || /^08/.test(code) || /^57P0[1-3]$/.test(code))) {
      return true;
    }
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}
