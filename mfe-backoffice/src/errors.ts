import type { TFunction } from 'i18next';
import { ApiError } from 'shared-api';
import { backofficeResources } from './i18n';

type Refusal = keyof typeof backofficeResources.es.refusals;
const isRefusal = (code: string | undefined): code is Refusal =>
  code !== undefined && Object.hasOwn(backofficeResources.es.refusals, code);

/** What to tell staff after a failed action, in the page's language. */
export function failureText(t: TFunction<'backoffice'>, error: unknown): string {
  if (error instanceof ApiError) {
    if (isRefusal(error.code)) return t(`refusals.${error.code}`);
    if (error.status === 403) return t('forbidden');
    if (error.status === 401) return t('session.expired');
  }
  return t('actionFailed');
}
