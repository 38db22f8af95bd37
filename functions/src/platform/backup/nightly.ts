import type { Logger } from 'pino';
import type { FunctionsConfig } from '../../config';
import type { Database } from '../db';
import { sql } from '../db/sql';
import type { Clock } from '../jobs/clock';
import type { ExternalJob, JobQueue } from '../jobs/queue';
import { addDays, fromMadrid, madridDate } from '../madrid-time';
import { createBackup, pruneBackups } from './backup';

export const NIGHTLY_BACKUP_JOB = 'backup.nightly';

/** The next `BACKUP_AT` at the facility after `now`. */
export function nextBackupAt(now: Date, at: string): Date {
  const today = fromMadrid(madridDate(now), at);
  return today > now ? today : fromMadrid(addDays(madridDate(now), 1), at);
}

interface NightlyDeps {
  db: Database;
  config: FunctionsConfig;
  log: Logger;
  clock: Clock;
  jobs: JobQueue;
}

/**
 * At start: schedules the next night's backup (one per night: the night is its key), or, with
 * the nightly backup turned off, cancels the nights already scheduled.
 */
export async function scheduleNightlyBackup({ db, config, clock, jobs }: NightlyDeps): Promise<void> {
  if (!config.nightlyBackups) {
    await db.query(
      sql`update jobs set done_at = ${clock.now()}, last_error = 'nightly backup turned off (BACKUP_NIGHTLY=0)'
          where kind = ${NIGHTLY_BACKUP_JOB} and done_at is null and failed_at is null`,
    );
    return;
  }
  const runAt = nextBackupAt(clock.now(), config.BACKUP_AT);
  await db.transaction((tx) =>
    jobs.schedule(tx, { kind: NIGHTLY_BACKUP_JOB, runAt, key: `${NIGHTLY_BACKUP_JOB}:${madridDate(runAt)}` }),
  );
}

/**
 * The nightly backup: the next night is scheduled first, so a failing backup never stops the
 * following ones; then the archive, then all but the newest `BACKUP_KEEP` are removed. It runs
 * outside any transaction (the copy takes seconds) and once across instances (a claimed job).
 */
export function nightlyBackupJob(deps: NightlyDeps): ExternalJob {
  const { db, config, log, clock } = deps;
  return {
    maxAttempts: 3,
    retryDelayMs: () => 10 * 60_000,
    async external() {
      // Turned off since this night was scheduled (an instance with BACKUP_NIGHTLY=0): no more.
      if (!config.nightlyBackups) return;
      await scheduleNightlyBackup(deps);
      const backup = await createBackup(db, config, clock.now());
      const removed = await pruneBackups(config.BACKUP_DIR, config.BACKUP_KEEP);
      log.info({ ...backup, removed }, 'nightly backup written');
    },
    async gaveUp(_payload, error) {
      log.error({ err: error }, 'nightly backup failed three times: tonight has no backup');
    },
  };
}
