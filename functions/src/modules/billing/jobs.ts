import type { FunctionContext } from '../../context';
import type { JobHandler } from '../../platform/jobs/queue';
import { ARREARS_CHECK_JOB, checkArrears } from './arrears/check';
import { ISSUE_INVOICE_JOB, issueRentInvoice } from './invoicing/issue';
import { BALANCE_PAYMENT_EXPIRY_JOB, expireBalancePayment } from './ledger/balance-payment';

/** Billing's timed work: each rent period's invoice on its first day, and each tenant's arrears steps. */
export function billingJobs(
  ctx: Pick<FunctionContext, 'config' | 'clock' | 'mailer' | 'sms' | 'jobs' | 'payments'>,
): Record<string, JobHandler> {
  return {
    [BALANCE_PAYMENT_EXPIRY_JOB]: async (tx, payload) => {
      await expireBalancePayment(tx, ctx, String(payload.paymentId));
    },
    [ISSUE_INVOICE_JOB]: async (tx, payload) => {
      await issueRentInvoice(tx, ctx, String(payload.rentPeriodId));
    },
    // A day's checks come due together (08:00): read and scheduled a batch at a time.
    [ARREARS_CHECK_JOB]: {
      batch: (tx, payloads) => checkArrears(tx, ctx, [...new Set(payloads.map((p) => String(p.registrationId)))]),
      one: (tx, payload) => checkArrears(tx, ctx, [String(payload.registrationId)]),
    },
  };
}
