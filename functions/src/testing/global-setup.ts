import type { TestProject } from 'vitest/node';
import { startThrowawayCluster } from './postgres-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string | null;
  }
}

/** One throwaway PostgreSQL cluster for the whole run; database tests run on it and on PGlite. */
export default async function setup(project: TestProject) {
  const cluster = await startThrowawayCluster();
  if ('skipped' in cluster) {
    console.warn(`\n[functions] PostgreSQL tests SKIPPED: ${cluster.skipped}. Only PGlite is tested.\n`);
    project.provide('postgresUrl', null);
    return;
  }
  console.info(`[functions] database tests run on PGlite and on a throwaway PostgreSQL 15 (${cluster.url})`);
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}
