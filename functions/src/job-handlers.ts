import type { FunctionContext } from './context';
import { erasureJobs } from './modules/account';
import { billingJobs } from './modules/billing';
import { contractJobs } from './modules/contracts';
import { rentalJobs } from './modules/rental';
import { passwordResetJobs } from './modules/staff';
import { visitJobs } from './modules/visits';
import { waitlistJobs } from './modules/waitlist';
import type { JobHandler } from './platform/jobs/queue';

/** Every capability's timed work, by job kind: what the service's queue runs. */
export function jobHandlers(ctx: FunctionContext): Record<string, JobHandler> {
  return {
    ...waitlistJobs(ctx),
    ...rentalJobs(ctx),
    ...passwordResetJobs(ctx),
    ...visitJobs(ctx),
    ...billingJobs(ctx),
    ...contractJobs(ctx),
    ...erasureJobs(ctx),
  };
}
