/** Where the gateway serves the functions. Apart from the contracts, which load on first call. */
export const FUNCTIONS_BASE_PATH = '/functions/v1';

/**
 * The functions under another's path: the tenant's account's contract and invoice PDFs, their
 * personal data and a rejected document's replacement under `account`, where its session cookie is scoped; the back-office's document, export, invoice and remittance files (GETs) and the bank report upload are under
 * `backoffice`, where its session cookie is scoped. No other path below a function is one.
 */
export const NESTED_FUNCTIONS = [
  'account/contract',
  'account/data',
  'account/document',
  'account/invoice',
  'backoffice/bank-report',
  'backoffice/document',
  'backoffice/export',
  'backoffice/invoice',
  'backoffice/remittance',
  'backoffice/signed-contract',
] as const;
