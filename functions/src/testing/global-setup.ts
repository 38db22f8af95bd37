import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../platform/db/migrate';
import { openPostgres } from '../platform/db/postgres';
import { POSTGRES_TEMPLATE } from './databases';
import { migratedPgliteFolder } from './pglite-template';
import { startThrowawayCluster } from './postgres-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string | null;
    /** The databases migrated once for the run, that each test's migrated database is a copy of. */
    migratedTemplates: { pglite: string; postgres: string | null } | null;
  }
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
  // Every folder a test makes (documents, backups, restores: a few hundred MB a run) goes under one
  // of the run's own, removed at the end: the tests' worker threads, started after this, inherit
  // TMPDIR, which os.tmpdir() reads.
  const scratch = mkdtempSync(path.join(tmpdir(), 'functions-tests-'));
  // The throwaway cluster's folder is in it, and PostgreSQL runs as its own user (postgres-cluster.ts).
  chmodSync(scratch, 0o711);
  process.env.TMPDIR = scratch;
  const removeScratch = () => rmSync(scratch, { recursive: true, force: true });
  // sharp (the documents' images) must be loaded by the main thread before any worker thread
  // loads it (lovell/sharp#2263): the tests run in worker threads (scripts/test.mjs).
  await import('sharp');
  // initdb and the server's start wait on the disk and other processes; PGlite migrates meanwhile.
  // The PGlite one is kept between runs (pglite-template.ts). If it fails, a started cluster is
  // stopped (it would outlive the run).
  const [pgliteMade, clusterMade] = await Promise.allSettled([migratedPgliteFolder(), startThrowawayCluster()]);
  if (pgliteMade.status === 'rejected' || clusterMade.status === 'rejected') {
    if (clusterMade.status === 'fulfilled' && !('skipped' in clusterMade.value)) clusterMade.value.stop();
    removeScratch();
    throw pgliteMade.status === 'rejected' ? pgliteMade.reason : (clusterMade as PromiseRejectedResult).reason;
  }
  const [pglite, cluster] = [pgliteMade.value, clusterMade.value];
  if ('skipped' in cluster) {
    console.warn(`\n[functions] PostgreSQL tests SKIPPED: ${cluster.skipped}. Only PGlite is tested.\n`);
    project.provide('postgresUrl', null);
    project.provide('migratedTemplates', { pglite, postgres: null });
    return removeScratch;
  }
  console.info(`[functions] database tests run on PGlite and on a throwaway PostgreSQL 15 (${cluster.url})`);
  try {
    await migratedPostgres(cluster.url);
  } catch (error) {
    cluster.stop();
    removeScratch();
    throw error;
  }
  project.provide('postgresUrl', cluster.url);
  project.provide('migratedTemplates', { pglite, postgres: POSTGRES_TEMPLATE });
  return () => {
    cluster.stop();
    removeScratch();
  };
}
