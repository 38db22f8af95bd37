import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { Database } from '../platform/db';
import { migrate } from '../platform/db/migrate';
import { openPglite } from '../platform/db/pglite';
import { openPostgres } from '../platform/db/postgres';

export interface DatabaseFactory {
  name: 'pglite' | 'postgres';
  /** A fresh, empty database (a new PGlite in memory, or a new database in the cluster). */
  open(): Promise<Database>;
  /**
   * A fresh database with every migration applied: a copy of the one the run migrated once (see
   * global-setup.ts). A new PGlite runs initdb, 1.3 to 2 s of CPU each time; a copy opens in 0.2 s.
   */
  openMigrated(): Promise<Database>;
}

/** The PostgreSQL database every migrated one is created from (`create database … template`). */
export const POSTGRES_TEMPLATE = 'migrated_template';

/** Closing the database also removes the folder it was copied into. */
async function openPgliteCopy(template: string): Promise<Database> {
  const folder = mkdtempSync(path.join(tmpdir(), 'pglite-'));
  cpSync(template, folder, { recursive: true });
  const db = await openPglite(folder);
  return {
    ...db,
    async close() {
      await db.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

function pglite(template: string | null): DatabaseFactory {
  const open = () => openPglite('memory://');
  return {
    name: 'pglite',
    open,
    async openMigrated() {
      if (template) return openPgliteCopy(template);
      const db = await open();
      await migrate(db);
      return db;
    },
  };
}

function postgres(url: string, template: string | null): DatabaseFactory {
  const create = async (from: string | null) => {
    const admin = await openPostgres(url);
    const name = `t_${randomUUID().replace(/-/g, '')}`;
    await admin.exec(`create database ${name}${from ? ` template ${from}` : ''}`);
    await admin.close();
    return openPostgres(url.replace(/\/postgres$/, `/${name}`));
  };
  return {
    name: 'postgres',
    open: () => create(null),
    async openMigrated() {
      const db = await create(template);
      if (!template) await migrate(db);
      return db;
    },
  };
}

/** The engines every database test runs against: PGlite always, PostgreSQL when the cluster started. */
export function databaseEngines(): DatabaseFactory[] {
  const url = inject('postgresUrl');
  const templates = inject('migratedTemplates');
  const engines = [pglite(templates?.pglite ?? null)];
  if (url) engines.push(postgres(url, templates?.postgres ?? null));
  return engines;
}
