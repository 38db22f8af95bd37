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

/**
 * SQLSTATEs of a server that is away or cannot take the call now: connection exceptions (class
 * 08, but not 08P01, a protocol violation: a bug of ours), a server shutting down or starting
 * (57P01–57P03), too many connections (53300, right after a restart), and a read-only server
 * (25006, a standby after a failover).
 */
const UNAVAILABLE_STATES = /^(08(000|001|003|004|006)|57P0[1-3]|53300|25006)$/;

/** What node-pg and PGlite say, without a code, when the connection is gone or cannot be had. */
const CONNECTION_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|the database system is (starting up|shutting down)|PGlite is closed)/i;

/**
 * The database is away (restarting, unreachable, overloaded), not wrong: the call may succeed in a
 * moment, so it is answered 503 with Retry-After, not 500. Only the error itself is read, not its
 * causes: another provider's socket error wrapped in it is not the database's.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (CONNECTION_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return true;
  return typeof message === 'string' && CONNECTION_MESSAGES.test(message);
}
