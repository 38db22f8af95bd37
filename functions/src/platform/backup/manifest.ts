import { z } from 'zod';

/** The archive's table of contents, `backup.json`: what a restore checks before it writes anything. */
export const MANIFEST_FILE = 'backup.json';
export const FORMAT = 'trasteros-backup/1';

/** Where each engine's copy is inside the archive: the only names a manifest may give. */
export const DATABASE_FILES = { pglite: 'database/pglite.tar.gz', postgres: 'database/postgres.dump' } as const;

/** A path inside the documents folder: never absolute, never climbing out. */
const relativePath = z
  .string()
  .min(1)
  .refine((value) => !value.startsWith('/') && !value.split(/[\\/]/).includes('..'), 'a path inside the folder');

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  createdAt: z.iso.datetime(),
  engine: z.enum(['pglite', 'postgres']),
  /** The database's copy inside the archive. */
  database: z.object({
    file: z.enum(Object.values(DATABASE_FILES)),
    bytes: z.number().int().nonnegative(),
    sha256: z.string().length(64),
  }),
  /** The newest migration applied: a release that does not know it cannot run the restored database. */
  schema: z.string(),
  /** Every stored document, its path under the documents folder and its hash. */
  documents: z.array(
    z.object({ path: relativePath, bytes: z.number().int().nonnegative(), sha256: z.string().length(64) }),
  ),
  /** Documents the database recorded whose file was not there to copy. */
  // Not in the first archives of this format: none were listed then.
  missingDocuments: z.array(relativePath).default([]),
  /** The door PIN pepper is never inside: how it was configured, and its check value to find the right one. */
  pepper: z.object({ source: z.enum(['environment', 'file']), check: z.string().length(64) }),
});

export type BackupManifest = z.infer<typeof manifestSchema>;

/** `trasteros-20261127T033000.000Z.tar`: sorts by time, which the retention relies on. */
export const archiveName = (at: Date) => `trasteros-${at.toISOString().replace(/[-:]/g, '')}.tar`;

export const ARCHIVE_PATTERN = /^trasteros-\d{8}T\d{6}\.\d{3}Z\.tar$/;
