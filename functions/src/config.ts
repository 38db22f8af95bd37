import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const envSchema = z.object({
  FUNCTIONS_PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  FUNCTIONS_HOST: z.string().default('127.0.0.1'),
  /** A real PostgreSQL server; without it the service runs on embedded PGlite. */
  DATABASE_URL: z.string().url().optional(),
  /** Folder of the embedded database. `memory://` keeps it in memory (tests). */
  PGLITE_DATA_DIR: z.string().default(path.join(packageDir, '.data', 'pglite')),
  /** Where waitlist requests and other notices for the business are sent. */
  BUSINESS_EMAIL: z.email().default('reservas@trasteros-demo.example'),
  /** The company that signs the contracts (the legal name of the site configuration). */
  BUSINESS_NAME: z.string().min(1).default('Almacenes Ficticios del Sur, S.L. (empresa de demostración)'),
  MAIL_FROM: z.string().default('Trasteros (demo) <no-reply@trasteros-demo.example>'),
  /** smtp(s)://user:pass@host:port — without it e-mails stay in the outbox table. */
  SMTP_URL: z.string().optional(),
  /** First start only: the door tool's admin password and PIN (generated and printed when absent). */
  DOOR_ADMIN_PASSWORD: z.string().min(8).optional(),
  DOOR_ADMIN_PIN: z
    .string()
    .regex(/^\d{4}$/)
    .optional(),
  /** A relay controller that opens the door; without it a simulated relay records the pulses. */
  DOOR_RELAY_URL: z.url().optional(),
  /** How long a door-tool session lasts without use being revoked. */
  DOOR_SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(90),
  /** Private folder of the applicants' ID and bank documents (never served). */
  DOCUMENTS_DIR: z.string().default(path.join(packageDir, '.data', 'documents')),
  /** The site's public origin: links in e-mails (signing pages) and the checkout's way back. */
  PUBLIC_SITE_URL: z.url().default('http://localhost:8080'),
  /** `sandbox`: the local checkout page (test cards). `revolut`: the card provider's merchant API. */
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'revolut']).default('sandbox'),
  REVOLUT_SECRET_KEY: z.string().optional(),
  REVOLUT_WEBHOOK_SECRET: z.string().optional(),
  /** Overrides the provider's API origin (sandbox on localhost, production otherwise). */
  REVOLUT_API_URL: z.url().optional(),
  /** `local`: signing pages served here. `docuseal`: an e-signature provider's API. */
  ESIGN_PROVIDER: z.enum(['local', 'docuseal']).default('local'),
  DOCUSEAL_API_URL: z.url().optional(),
  DOCUSEAL_API_KEY: z.string().optional(),
  DOCUSEAL_TEMPLATE_ID: z.string().optional(),
  DOCUSEAL_WEBHOOK_SECRET: z.string().optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type FunctionsConfig = z.infer<typeof envSchema> & {
  /** The outbox endpoint lets a tester read codes; it must never exist in production. */
  exposeOutbox: boolean;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): FunctionsConfig {
  const parsed = envSchema.parse(env);
  return { ...parsed, exposeOutbox: parsed.NODE_ENV !== 'production' };
}
