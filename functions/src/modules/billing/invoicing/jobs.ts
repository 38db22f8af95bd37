import type { JobHandler } from '../../../platform/jobs/queue';
import { type InvoicingContext, ISSUE_INVOICE_JOB, issueRentInvoice } from './issue';

/** Billing's timed work: each rent period's invoice, on its first day. */
export function billingJobs(ctx: InvoicingContext): Record<string, JobHandler> {
  return {
    [ISSUE_INVOICE_JOB]: async (tx, payload) => {
      await issueRentInvoice(tx, ctx, String(payload.rentPeriodId));
    },
  };
}
