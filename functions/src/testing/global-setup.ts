import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../platform/db/migrate';
import { openPglite } from '../platform/db/pglite';
import { openPostgres } from '../platform/db/postgres';
import { POSTGRES_TEMPLATE } from './databases';
import { startThrowawayCluster } from './postgres-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string | null;
    /** The databases migrated once for the run, that each test's migrated database is a copy of. */
    migratedTemplates: { pglite: string; postgres: string | null } | null;
  }
}

/** A PGlite folder with every migration applied: copied, not migrated again, by each test. */
async function migratedPglite(): Promise<{ folder: string; remove(): void }> {
  const parent = mkdtempSync(path.join(tmpdir(), 'pglite-template-'));
  const folder = path.join(parent, 'data');
  const db = await openPglite(folder);
  await migrate(db);
  await db.close();
  return { folder, remove: () => rmSync(parent, { recursive: true, force: true }) };
}

async function migratedPostgres(url: string): Promise<void> {
  const admin = await openPostgres(url);
  await admin.exec(`create database ${POSTGRES_TEMPLATE}`);
  await admin.close();
  const template = await openPostgres(url.replace(/\/postgres$/, `/${POSTGRES_TEMPLATE}`));
  await migrate(template);
  // A template with a connection open cannot be copied.
  await template.close();
}

/**
 * One throwaway PostgreSQL cluster for the whole run; database tests run on it and on PGlite.
 * Each engine's schema is migrated once here; a test's database is a copy of it.
 */
export default async function setup(project: TestProject) {
  // sharp (the documents' images) must be loaded by the main thread before any worker thread
  // loads it (lovell/sharp#2263): the tests run in worker threads (scripts/test.mjs).
  await import('sharp');
  // initdb and the server's start wait on the disk and other processes; PGlite migrates meanwhile.
  // If one fails, what the other made is removed (a started cluster would outlive the run).
  const [pgliteMade, clusterMade] = await Promise.allSettled([migratedPglite(), startThrowawayCluster()]);
  if (pgliteMade.status === 'rejected' || clusterMade.status === 'rejected') {
    if (pgliteMade.status === 'fulfilled') pgliteMade.value.remove();
    if (clusterMade.status === 'fulfilled' && !('skipped' in clusterMade.value)) clusterMade.value.stop();
    throw pgliteMade.status === 'rejected' ? pgliteMade.reason : (clusterMade as PromiseRejectedResult).reason;
  }
  const [pglite, cluster] = [pgliteMade.value, clusterMade.value];
  if ('skipped' in cluster) {
    console.warn(`\n[functions] PostgreSQL tests SKIPPED: ${cluster.skipped}. Only PGlite is tested.\n`);
    project.provide('postgresUrl', null);
    project.provide('migratedTemplates', { pglite: pglite.folder, postgres: null });
    return () => pglite.remove();
  }
  console.info(`[functions] database tests run on PGlite and on a throwaway PostgreSQL 15 (${cluster.url})`);
  try {
    await migratedPostgres(cluster.url);
  } catch (error) {
    cluster.stop();
    pglite.remove();
    throw error;
  }
  project.provide('postgresUrl', cluster.url);
  project.provide('migratedTemplates', { pglite: pglite.folder, postgres: POSTGRES_TEMPLATE });
  return () => {
    cluster.stop();
    pglite.remove();
  };
}
