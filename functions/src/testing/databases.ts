import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import type { Database } from '../platform/db';
import { openPglite } from '../platform/db/pglite';
import { openPostgres } from '../platform/db/postgres';

export interface DatabaseFactory {
  name: 'pglite' | 'postgres';
  /** A fresh, empty database (a new PGlite in memory, or a new database in the cluster). */
  open(): Promise<Database>;
}

const pglite: DatabaseFactory = { name: 'pglite', open: () => openPglite('memory://') };

function postgres(url: string): DatabaseFactory {
  return {
    name: 'postgres',
    async open() {
      const admin = await openPostgres(url);
      const name = `t_${randomUUID().replace(/-/g, '')}`;
      await admin.query(`create database ${name}`);
      await admin.close();
      return openPostgres(url.replace(/\/postgres$/, `/${name}`));
    },
  };
}

/** The engines every database test runs against: PGlite always, PostgreSQL when the cluster started. */
export function databaseEngines(): DatabaseFactory[] {
  const url = inject('postgresUrl');
  return url ? [pglite, postgres(url)] : [pglite];
}
