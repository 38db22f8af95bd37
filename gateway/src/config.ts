import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const envSchema = z.object({
  GATEWAY_PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  GATEWAY_HOST: z.string().default('127.0.0.1'),
  FUNCTIONS_URL: z.url().default('http://127.0.0.1:8787'),
  SHELL_DIST: z.string().default(path.resolve(packageDir, '../shell/dist')),
  /** The remote registry: a JSON file, or inline JSON in GATEWAY_REMOTES (which wins). */
  GATEWAY_REMOTES_FILE: z.string().default(path.join(packageDir, 'remotes.json')),
  GATEWAY_REMOTES: z.string().optional(),
  /** Calls per minute and client IP to the functions. */
  GATEWAY_RATE_LIMIT: z.coerce.number().int().positive().default(600),
  GATEWAY_PROXY_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type GatewayConfig = z.infer<typeof envSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  return envSchema.parse(env);
}

/** Largest body per function: uploads carry ID scans, everything else is small JSON. */
/** A document may be 10 MB; the multipart envelope around it needs a little more. */
export const BODY_LIMITS_BYTES: Record<string, number> = { 'upload-document': 10 * 1024 * 1024 + 64 * 1024 };
export const DEFAULT_BODY_LIMIT_BYTES = 100 * 1024;
