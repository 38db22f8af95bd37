import { availableParallelism } from 'node:os';
import { HttpError } from '../http-error';

/**
 * A password check is scrypt at 2¹⁷ (≈ 0.3 s of a core and 128 MiB): a flood of sign-ins with
 * made-up names, each under every per-name limit, would keep every core hashing and make the real
 * sign-in wait seconds. Hashing runs in a few slots; sign-ins wait in a short line behind them and
 * are refused (429, Retry-After) beyond it, before anything is counted or hashed, for known and
 * unknown names alike (the answer and its time say nothing about who exists). Work of a signed-in
 * user (a PIN at the door, a password change) goes ahead of sign-ins in the line.
 */
const HASH_SLOTS = Math.max(1, Math.min(availableParallelism(), 4));
/**
 * Sign-ins waiting for a slot, per line: at ≈ 0.4 s a hash, the last of a full line waits about
 * 1.6 s on two cores. Addresses already failing get the shorter line and are refused sooner.
 */
const SIGN_IN_LINE = 4 * HASH_SLOTS;
const SUSPECT_LINE = HASH_SLOTS;
const BUSY_RETRY_SECONDS = 2;

/**
 * Who waits for a slot, in the order they are served: a signed-in user's work, a sign-in from a
 * browser the member has signed in from before (a device cookie), a sign-in from an address with
 * no recent failure, a sign-in from an address that has been failing (a guesser, who also gets
 * the shorter line).
 */
export type HashWork = 'signed-in' | 'known' | 'sign-in' | 'suspect';

export class HashBusyError extends HttpError {
  constructor(message = 'Too many sign-in attempts at the moment. Try again in a few seconds.') {
    super(429, message);
    this.retryAfterSeconds = BUSY_RETRY_SECONDS;
  }
}

export function createHashSlots(slots = HASH_SLOTS, line = SIGN_IN_LINE, suspectLine = SUSPECT_LINE) {
  let running = 0;
  const lines: Record<HashWork, (() => void)[]> = { 'signed-in': [], known: [], 'sign-in': [], suspect: [] };
  const limits: Record<HashWork, number> = {
    'signed-in': Number.POSITIVE_INFINITY,
    known: line,
    'sign-in': line,
    suspect: suspectLine,
  };
  const release = () => {
    const next = lines['signed-in'].shift() ?? lines.known.shift() ?? lines['sign-in'].shift() ?? lines.suspect.shift();
    if (next) next();
    else running -= 1;
  };
  return {
    async run<T>(kind: HashWork, work: () => Promise<T>): Promise<T> {
      if (running < slots) running += 1;
      else if (lines[kind].length >= limits[kind]) throw new HashBusyError();
      else await new Promise<void>((resolve) => lines[kind].push(resolve));
      try {
        return await work();
      } finally {
        release();
      }
    },
    /** Work waiting now (for tests and the bench). */
    waiting: () => Object.values(lines).reduce((total, waiting) => total + waiting.length, 0),
  };
}

/**
 * One sign-in at a time per address: a person types and waits; a script firing in parallel would
 * fill the line before its first answer counted against it.
 */
function createOnePerAddress() {
  const busy = new Set<string>();
  return async <T>(ip: string | null, work: () => Promise<T>): Promise<T> => {
    if (ip === null) return work();
    if (busy.has(ip)) throw new HashBusyError();
    busy.add(ip);
    try {
      return await work();
    } finally {
      busy.delete(ip);
    }
  };
}

/** The service's one set of slots: every instance has its own cores. */
export const hashSlots = createHashSlots();

/**
 * Addresses found over their minute's budget, remembered for a few seconds: a flood from them is
 * refused without asking the database each time (which every other call is waiting for).
 */
function createRefusedAddresses(rememberMs = 5_000, now: () => number = Date.now) {
  const until = new Map<string, number>();
  return {
    has(ip: string | null): boolean {
      if (ip === null) return false;
      const end = until.get(ip);
      if (end === undefined) return false;
      if (end > now()) return true;
      until.delete(ip);
      return false;
    },
    add(ip: string | null): void {
      if (ip === null) return;
      // Bounded: a flood from ever new addresses cannot grow it without end.
      if (until.size > 10_000) until.clear();
      until.set(ip, now() + rememberMs);
    },
  };
}

const guards = new WeakMap<
  object,
  { onePerAddress: ReturnType<typeof createOnePerAddress>; refused: ReturnType<typeof createRefusedAddresses> }
>();

/**
 * The address guards of one service (keyed by its database): what they remember is about that
 * database's counts, so two services in one process (the tests) do not share it.
 */
export function addressGuards(service: object) {
  let found = guards.get(service);
  if (!found) {
    found = { onePerAddress: createOnePerAddress(), refused: createRefusedAddresses() };
    guards.set(service, found);
  }
  return found;
}
