import type { Contract, Payment, Submitter } from 'shared-api';
import { type Language, localeOf } from 'shared-i18n';

/** The review step's rules (spec §4, §5), pure. */

const isPending = (s: Submitter | undefined) => !!s && s.status !== 'completed' && s.status !== 'declined';

/** Wording of a contract awaiting signatures. */
export function awaitingWording(submitters: Submitter[]): 'awaitingClient' | 'awaitingCompany' | 'awaitingSignatures' {
  const client = submitters.find((s) => s.role === 'Cliente');
  const company = submitters.find((s) => s.role === 'Empresa');
  if (isPending(client)) return 'awaitingClient';
  if (client?.status === 'completed' && isPending(company)) return 'awaitingCompany';
  return 'awaitingSignatures';
}

/** A contract that blocks a new one: awaiting signatures or completed. */
export const isLiveContract = (contract: Contract | null) =>
  !!contract && (contract.status === 'awaiting_signatures' || contract.status === 'completed');

/** Step 3 is offered only with the deposit paid, a client and no live contract. */
export function canCreateContract(input: {
  payment: Payment | null;
  clientId: string | null;
  contract: Contract | null;
}) {
  return input.payment?.status === 'completed' && !!input.clientId && !isLiveContract(input.contract);
}

export type FinishBlock = 'createClientFirst' | 'contractNotCompleted';

/** Finish needs the client and a completed contract; otherwise the reason why not. */
export function finishBlock(input: { clientId: string | null; contract: Contract | null }): FinishBlock | null {
  if (!input.clientId) return 'createClientFirst';
  if (input.contract?.status !== 'completed') return 'contractNotCompleted';
  return null;
}

export type PaymentError =
  | 'configuration'
  | 'unavailable'
  | 'emailFormat'
  | 'email'
  | 'connection'
  | 'sessionExpired'
  | 'widget'
  | 'failed';

/** The payment messages of spec §8 from what the server or the network said. */
export function paymentError(message: string, status: number): PaymentError {
  if (status === 0) return 'connection';
  if (/Authentication failed/i.test(message)) return 'configuration';
  if (/endpoint not found/i.test(message) || status === 503) return 'unavailable';
  if (/e-?mail/i.test(message)) return /format/i.test(message) ? 'emailFormat' : 'email';
  if (status === 401 && /session has expired/i.test(message)) return 'sessionExpired';
  if (/payment widget/i.test(message)) return 'widget';
  return 'failed';
}

/** Why a payment ended unpaid, as the widget words it (a server before `ended_reason`: by status). */
export function endedReason(payment: Payment | null): 'declined' | 'cancelled' | 'expired' {
  if (payment?.ended_reason) return payment.ended_reason;
  return payment?.status === 'cancelled' ? 'cancelled' : 'declined';
}

/** A time of day on the applicant's own clock (their device's time zone), as 14:05 / 2:05 PM. */
export function formatClock(iso: string, language: Language, timeZone?: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { hour: 'numeric', minute: '2-digit', timeZone }).format(
    new Date(iso),
  );
}
