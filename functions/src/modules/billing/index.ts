/** The billing module's public face: what other modules and the HTTP layer may use. */

export { restoreAccess, suspendAccess, tellOfDocument } from './arrears/access';
export { arrearsSettings, saveArrearsSettings, scheduleArrearsCheck } from './arrears/check';
export { tenantsInArrears } from './arrears/list';
export { changeDebtorAccount } from './direct-debit/account-change';
export { BankReportError } from './direct-debit/bank-reports';
export { startRentSchedule } from './direct-debit/invoices';
export { replaceMandate } from './direct-debit/mandate-replacement';
export type { Mandate, MandateDebtor } from './direct-debit/mandates';
export { newMandate, settleMandate, storeMandate } from './direct-debit/mandates';
export type { RemittanceSummary } from './direct-debit/remittances';
export {
  collectionsDueBy,
  collectionsSent,
  createRemittance,
  dueListHash,
  listRemittances,
  remittanceFile,
} from './direct-debit/remittances';
export { importBankReport, recordResultByHand } from './direct-debit/results';
export { FIRST_COLLECTION_LEAD_DAYS } from './direct-debit/schedule';
export { decimalEuros, euros, splitVat, toCents } from './invoicing/amounts';
export { invoiceDocument } from './invoicing/documents';
export { billingJobs } from './jobs';
export { overdueItems, tenantBalance } from './ledger/balance';
export type { BalanceCheckout } from './ledger/balance-payment';
export { applyBalancePayment, startBalanceCheckout } from './ledger/balance-payment';
export { ledgerOf } from './ledger/entries';
export { recordMovement } from './ledger/movements';
export type { PayLinkHolder } from './ledger/pay-links';
export { payLinkHolder } from './ledger/pay-links';
export { recordRefund } from './ledger/refunds';
export type { PaymentRow } from './payment-records';
export { applyPaymentOutcome, findPayment, latestPayment, paymentOfOrder, toPayment } from './payment-records';
export { monthlyFigures } from './reports/monthly';
export { rentRoll } from './reports/rent-roll';
