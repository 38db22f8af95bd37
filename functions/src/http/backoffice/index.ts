import { backofficeActions } from 'shared-api/backoffice';
import { actionFunction } from '../router';
import { authActions } from './auth';
import { catalogueActions } from './catalogue';
import { collectionActions } from './collections';
import { ledgerActions } from './ledger';
import { messageActions } from './messages';
import { passwordResetActions } from './password-reset';
import { registrationActions } from './registrations';
import { staffActions } from './staff';
import { tenancyActions } from './tenancy';
import { todayActions } from './today';
import { visitActions } from './visits';
import { waitlistActions } from './waitlist';

export { backofficeBankReportFunction, backofficeRemittanceFunction } from './collections';
export { backofficeDocumentFunction } from './document';
export { backofficeExportFunction } from './export';
export { backofficeInvoiceFunction } from './ledger';

/** The staff back-office's one function: every action checks the session cookie and the role itself. */
export const backofficeFunction = actionFunction('backoffice', backofficeActions, {
  ...authActions,
  ...passwordResetActions,
  ...todayActions,
  ...registrationActions,
  ...tenancyActions,
  ...catalogueActions,
  ...staffActions,
  ...visitActions,
  ...waitlistActions,
  ...messageActions,
  ...collectionActions,
  ...ledgerActions,
});
