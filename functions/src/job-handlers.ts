import type { FunctionContext } from './context';
import { passwordResetJobs } from './functions/backoffice/password-reset';
import { paymentJobs } from './functions/payments/settle';
import type { JobHandler } from './jobs/queue';
import { visitJobs } from './visits/book';
import { waitlistJobs } from './waitlist/jobs';

/** Every capability's timed work, by job kind: what the service's queue runs. */
export function jobHandlers(ctx: FunctionContext): Record<string, JobHandler> {
  return { ...waitlistJobs(ctx), ...paymentJobs(ctx), ...passwordResetJobs(ctx), ...visitJobs(ctx) };
}
