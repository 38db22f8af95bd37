import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isSupportedCountry } from 'libphonenumber-js/max';
import { creditorIdentifier, hasValidIbanChecksum, isValidCreditorIdentifier } from 'shared-api';
import { DEMO_SITE_CONFIG, formatAddress } from 'shared-api/site';
import { z } from 'zod';

import { countryList, SPAIN_AND_EU } from './platform/phone-numbers';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const envSchema = z.object({
  FUNCTIONS_PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  FUNCTIONS_HOST: z.string().default('127.0.0.1'),
  /** The gateway's addresses (comma list, or `none`): exactly one hop of X-Forwarded-For is believed. */
  FUNCTIONS_TRUST_PROXY: z.string().default('loopback'),
  /** A real PostgreSQL server; without it the service runs on embedded PGlite. */
  DATABASE_URL: z.string().url().optional(),
  /** Folder of the embedded database. `memory://` keeps it in memory (tests). */
  PGLITE_DATA_DIR: z.string().default(path.join(packageDir, '.data', 'pglite')),
  /** Where waitlist requests and other notices for the business are sent. */
  BUSINESS_EMAIL: z.email().default('reservas@trasteros-demo.example'),
  /** The company that signs the contracts (the legal name of the site configuration). */
  BUSINESS_NAME: z.string().min(1).default('Almacenes Ficticios del Sur, S.L. (empresa de demostración)'),
  /** The company's tax id (NIF), as its invoices carry it. */
  BUSINESS_TAX_ID: z
    .string()
    .transform((value) => value.replace(/[\s-]+/g, '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{9}$/, 'a Spanish NIF has 9 characters'))
    .default(DEMO_SITE_CONFIG.taxId),
  /** VAT on the rent (IVA, general rate). */
  VAT_RATE_PERCENT: z.coerce.number().int().min(0).max(100).default(21),
  /** `1`: the prices as published include VAT (what a tenant pays is what the site shows); `0`: VAT is added. */
  PRICES_INCLUDE_VAT: z.enum(['0', '1']).default('1'),
  /** The company's postal address, as the contracts and the direct-debit mandates name it. */
  BUSINESS_ADDRESS: z.string().min(1).default(formatAddress(DEMO_SITE_CONFIG)),
  /** The facility's phone, for the people we write to (a visit cancelled, a question). */
  BUSINESS_PHONE: z.string().min(6).default(DEMO_SITE_CONFIG.phone),
  /** Where the contracts are signed (the facility's town). */
  BUSINESS_CITY: z.string().min(1).default(DEMO_SITE_CONFIG.address.city),
  /** SEPA creditor identifier of the company (ESkk000 + NIF); the demo's is built from its tax id. */
  SEPA_CREDITOR_ID: z
    .string()
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .refine(isValidCreditorIdentifier, 'not a SEPA creditor identifier (check digits)')
    .default(creditorIdentifier(DEMO_SITE_CONFIG.taxId)),
  /** The company's account the rent is collected into. The default is the standard example IBAN. */
  SEPA_CREDITOR_IBAN: z
    .string()
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .refine(hasValidIbanChecksum, 'not an IBAN (check digits)')
    .default('ES9121000418450200051332'),
  /** How long a waitlist offer holds its unit before it passes to the next in line. */
  WAITLIST_OFFER_HOURS: z.coerce.number().positive().max(720).default(48),
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
  /** A door session lasts this long after its last use (ASVS: at most 30 days), renewed on use. */
  DOOR_SESSION_DAYS: z.coerce.number().int().min(1).max(30).default(30),
  /** The PIN pepper (a random secret, at least 32 characters); kept out of the database. */
  DOOR_PIN_PEPPER: z.string().trim().min(32).optional(),
  /** Without DOOR_PIN_PEPPER, the pepper's file: generated there (mode 0600) when missing. */
  DOOR_PIN_PEPPER_FILE: z.string().default(path.join(packageDir, '.data', 'door-pin-pepper')),
  /** `1`: accept a changed pepper on purpose; every PIN is voided (see abridor/pepper.ts). */
  DOOR_PIN_PEPPER_ROTATE: z.enum(['0', '1']).default('0'),
  /** `1`: set the admin's password and PIN again from DOOR_ADMIN_* (or print new ones) at start. */
  DOOR_ADMIN_RESET: z.enum(['0', '1']).default('0'),
  /** scrypt cost (log2 N) of new password hashes; OWASP's 17 by default, tests lower it. */
  DOOR_HASH_COST_LOG2: z.coerce.number().int().min(10).max(20).default(17),
  /**
   * scrypt cost of new PIN hashes; by default 14, or the password cost when that is lower (tests).
   * A 4-digit PIN is 10,000 guesses whatever the cost: its strength is the pepper kept outside the
   * database and the lockout, so a password's cost would only slow the door (README, "The door").
   */
  DOOR_PIN_HASH_COST_LOG2: z.coerce.number().int().min(10).max(20).optional(),
  /** Sign-in links asked for the tenant's account by one address in 15 minutes (any contacts). */
  ACCOUNT_SIGN_INS_PER_ADDRESS: z.coerce.number().int().positive().default(20),
  /** "Does a sign-up with this e-mail and phone exist?" asked by one address in 15 minutes. */
  EXISTENCE_CHECKS_PER_ADDRESS: z.coerce.number().int().positive().default(100),
  /**
   * Messages a request from someone not yet proven to own the address (codes, confirmations,
   * password links) may cause to one e-mail address or phone, per hour and per day, across all
   * functions (notifications/recipient-budget.ts).
   */
  EMAILS_PER_RECIPIENT_HOUR: z.coerce.number().int().positive().default(8),
  EMAILS_PER_RECIPIENT_DAY: z.coerce.number().int().positive().default(20),
  SMS_PER_RECIPIENT_HOUR: z.coerce.number().int().positive().default(4),
  SMS_PER_RECIPIENT_DAY: z.coerce.number().int().positive().default(10),
  /** Where a text may be sent (ISO country codes, comma list): Spain and the EU by default. */
  SMS_COUNTRIES: z
    .string()
    .default(SPAIN_AND_EU.join(','))
    .transform(countryList)
    .refine((codes) => codes.length > 0 && codes.every((code) => isSupportedCountry(code)), 'unknown country code'),
  /** Live waitlist entries (unconfirmed, in line, or holding an offer) one e-mail or one phone may have. */
  WAITLIST_ENTRIES_PER_CONTACT: z.coerce.number().int().positive().default(3),
  /** An entry not confirmed from its e-mail within this many hours lapses. */
  WAITLIST_CONFIRM_HOURS: z.coerce.number().positive().max(168).default(24),
  /** An offer whose page nobody opened holds its units only this long (then the full WAITLIST_OFFER_HOURS once opened). */
  WAITLIST_UNOPENED_OFFER_HOURS: z.coerce.number().positive().max(720).default(12),
  /** A visit booked but not confirmed from its e-mail holds its place this many minutes. */
  VISIT_HOLD_MINUTES: z.coerce.number().int().positive().max(1440).default(15),
  /** Future visits (held or confirmed) one e-mail or one phone may have. */
  VISITS_PER_CONTACT: z.coerce.number().int().positive().default(2),
  /** Sign-ins (door and back-office, any name) one address may try a minute before any hashing. */
  LOGIN_ATTEMPTS_PER_ADDRESS_MINUTE: z.coerce.number().int().positive().default(10),
  /** The first back-office manager's e-mail (created at the first start; the business e-mail by default). */
  BACKOFFICE_MANAGER_EMAIL: z.email().optional(),
  /** The first manager's password (generated and printed once when absent). */
  BACKOFFICE_MANAGER_PASSWORD: z.string().min(10).optional(),
  /** `1`: the first manager's way back in: password set again, second factor off, sessions ended. */
  BACKOFFICE_MANAGER_RESET: z.enum(['0', '1']).default('0'),
  /**
   * `required`: a manager must turn on the second factor (TOTP) before anything else (ASVS L2);
   * `optional` only where the suite signs managers in many times a minute (tests, e2e).
   */
  BACKOFFICE_MANAGER_TOTP: z.enum(['required', 'optional']).default('required'),
  /** How long a back-office session lasts. */
  BACKOFFICE_SESSION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  /** Private folder of the applicants' ID and bank documents (never served). */
  DOCUMENTS_DIR: z.string().default(path.join(packageDir, '.data', 'documents')),
  /**
   * Where backups go (`npm run backup`, the nightly one): one `.tar` archive each, and apart from
   * them, in `pepper/`, the door PIN pepper. Put it on another disk, or copy it off the machine.
   */
  BACKUP_DIR: z.string().default(path.join(packageDir, '.data', 'backups')),
  /** How many archives the nightly backup keeps (the oldest go first). */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(365).default(14),
  /** When the nightly backup runs, the facility's time (`HH:MM`): the quietest hour. */
  BACKUP_AT: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM')
    .default('03:30'),
  /** `0` turns the nightly backup off; on by default except under tests. */
  BACKUP_NIGHTLY: z.enum(['0', '1']).optional(),
  /** Where `pg_dump` and `pg_restore` are, when not on the PATH (they must be the server's version or newer). */
  PG_BIN_DIR: z.string().optional(),
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
  DOCUSEAL_MANDATE_TEMPLATE_ID: z.string().optional(),
  DOCUSEAL_WEBHOOK_SECRET: z.string().optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /**
   * `1` serves the development outbox endpoint (codes and links a tester reads). Set by the
   * test harness and `npm run dev`, never by `npm start`; refused in production.
   */
  DEV_OUTBOX: z.enum(['0', '1']).default('0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type FunctionsConfig = z.infer<typeof envSchema> & {
  /** The outbox endpoint lets a tester read codes: only when asked for, never in production. */
  exposeOutbox: boolean;
  /** The nightly backup job is scheduled at start. */
  nightlyBackups: boolean;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): FunctionsConfig {
  const parsed = envSchema.parse(env);
  if (parsed.DEV_OUTBOX === '1' && parsed.NODE_ENV === 'production') {
    throw new Error('DEV_OUTBOX=1 is refused with NODE_ENV=production: the outbox holds codes and links');
  }
  return {
    ...parsed,
    exposeOutbox: parsed.DEV_OUTBOX === '1',
    nightlyBackups: (parsed.BACKUP_NIGHTLY ?? (parsed.NODE_ENV === 'test' ? '0' : '1')) === '1',
  };
}
