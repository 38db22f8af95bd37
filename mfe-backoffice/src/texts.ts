import { addNamespace, useTranslation } from 'shared-i18n';
import { backofficeResources } from './i18n';

addNamespace('backoffice', backofficeResources);

/** The back-office namespace's `t`, in the page's language. */
export function useBackofficeT() {
  return useTranslation('backoffice').t;
}
