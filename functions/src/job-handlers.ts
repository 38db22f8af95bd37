import type { FunctionContext } from './context';
import { erasureJobs } from './modules/account';
import { billingJobs } from './modules/billing';
import { contractJobs } from './modules/contracts';
import { rentalJobs } from './modules/rental';
import { passwordResetJobs } from './modules/staff';
import { visitJobs } from './modules/visits';
import { waitlistJobs } from './modules/waitlist';
import { NIGHTLY_BACKUP_JOB, nightlyBackupJob } from './platform/backup';
import type { JobHandler } from './platform/jobs/queue';

/** Every capability's timed work, and the platform's nightly backup, by job kind: what the service's queue runs. */
export function jobHandlers(ctx: FunctionContext): Record<string, JobHandler> {
  return {
    ...waitlistJobs(ctx),
    ...rentalJobs(ctx),
    ...passwordResetJobs(ctx),
    ...visitJobs(ctx),
    ...billingJobs(ctx),
    ...contractJobs(ctx),
    ...erasureJobs(ctx),
    [NIGHTLY_BACKUP_JOB]: nightlyBackupJob(ctx),
  };
}
