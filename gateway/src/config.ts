import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Express's (proxy-addr's) names for address ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', mask, ...rest] = entry.split('/');
  if (rest.length > 0 || !isIP(address)) return false;
  if (mask === undefined) return true;
  if (/^\d{1,3}$/.test(mask)) return Number(mask) <= (isIP(address) === 4 ? 32 : 128);
  return isIP(address) === 4 && isIP(mask) === 4;
}

/**
 * Whose X-Forwarded-For the gateway believes. Empty (the default): nobody, the gateway is the
 * edge and the client is whoever opened the connection. A number: that many proxy hops in front
 * of it. Otherwise the addresses of the load balancers in front of it (IP, CIDR, `loopback`…).
 */
type TrustProxy = false | number | string[];

const trustProxy = z
  .string()
  .default('')
  .transform((raw, ctx): TrustProxy => {
    const value = raw.trim();
    if (value === '' || value === 'false' || value === 'none') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const invalid = entries.filter((entry) => !isAddressOrRange(entry));
    if (invalid.length > 0) {
      ctx.addIssue({ code: 'custom', message: `not an address, CIDR range or hop count: ${invalid.join(', ')}` });
      return z.NEVER;
    }
    return entries;
  });

const envSchema = z.object({
  GATEWAY_PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  GATEWAY_HOST: z.string().default('127.0.0.1'),
  FUNCTIONS_URL: z.url().default('http://127.0.0.1:8787'),
  SHELL_DIST: z.string().default(path.resolve(packageDir, '../shell/dist')),
  /** The remote registry: a JSON file, or inline JSON in GATEWAY_REMOTES (which wins). */
  GATEWAY_REMOTES_FILE: z.string().default(path.join(packageDir, 'remotes.json')),
  GATEWAY_REMOTES: z.string().optional(),
  /** Calls per minute to the functions per caller: its session cookie, else its address. */
  GATEWAY_RATE_LIMIT: z.coerce.number().int().positive().default(600),
  /** Calls per minute from one address whatever the sessions (an office of applicants fits under it). */
  GATEWAY_ADDRESS_RATE_LIMIT: z.coerce.number().int().positive().default(6000),
  GATEWAY_PROXY_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  GATEWAY_TRUST_PROXY: trustProxy,
  /**
   * Several gateways behind one address: the PostgreSQL they keep their rate limits in (the
   * functions service's database: its migrations make the table), so a client's limit is one
   * whatever gateway it reaches. One gateway counts in its memory.
   */
  GATEWAY_DATABASE_URL: z.url().optional(),
  /**
   * Open realtime streams per caller (its session, else its address). A browser opens at most 6
   * connections to one origin, so a page never needs more; a caller holding more is hoarding.
   */
  GATEWAY_STREAMS_PER_CLIENT: z.coerce.number().int().positive().default(6),
  /** Open realtime streams from one address whatever the sessions (many applicants behind one NAT). */
  GATEWAY_STREAMS_PER_ADDRESS: z.coerce.number().int().positive().default(100),
  /** Open realtime streams in all; each holds two sockets here and one at the functions service. */
  GATEWAY_MAX_STREAMS: z.coerce.number().int().positive().default(1000),
  /** Render one page per remote and language at start (off in tests that count requests). */
  GATEWAY_WARM_UP: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((value) => value === 'true' || value === '1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The site's public address: canonical, hreflang and link-preview URLs, the sitemap and robots
   * name it, never the request's Host (which anyone can set). Required in production.
   */
  PUBLIC_SITE_URL: z.url().optional(),
  NODE_ENV: z.string().default('development'),
});

export type GatewayConfig = Omit<z.infer<typeof envSchema>, 'PUBLIC_SITE_URL'> & {
  /** Without a trailing slash. */
  PUBLIC_SITE_URL: string;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const parsed = envSchema.parse(env);
  if (!parsed.PUBLIC_SITE_URL && parsed.NODE_ENV === 'production') {
    throw new Error("PUBLIC_SITE_URL is required in production: the pages' canonical links are written with it");
  }
  const site = parsed.PUBLIC_SITE_URL ?? `http://localhost:${parsed.GATEWAY_PORT}`;
  return { ...parsed, PUBLIC_SITE_URL: site.replace(/\/+$/, '') };
}

/**
 * Largest body per function: uploads carry ID scans, everything else is small JSON. A Map, not
 * an object: the name comes from the URL, and `constructor` must not find Object's.
 */
export const BODY_LIMITS_BYTES: ReadonlyMap<string, number> = new Map([
  // A document may be 10 MB; the multipart envelope around it needs a little more.
  ['upload-document', 10 * 1024 * 1024 + 64 * 1024],
  // The same document, replaced by a tenant from their account.
  ['account/document', 10 * 1024 * 1024 + 64 * 1024],
  // A bank report (pain.002 / camt.054) a manager imports: at most 2 MB, and its envelope.
  ['backoffice/bank-report', 2 * 1024 * 1024 + 64 * 1024],
]);
export const DEFAULT_BODY_LIMIT_BYTES = 100 * 1024;
