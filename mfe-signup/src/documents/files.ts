import type { UploadType } from 'shared-api';

export { DOCUMENT_ACCEPT_ATTRIBUTE as ACCEPT_ATTRIBUTE, hasAcceptedExtension, MAX_DOCUMENT_BYTES } from 'shared-api';

import { type Language, localeOf } from 'shared-i18n';

export const UPLOADS: readonly UploadType[] = ['frontId', 'backId', 'bankDocument'];
/** The size in MB with two decimals, in the language's notation (1,50 / 1.50). */
export function formatMegabytes(bytes: number, language: Language): string {
  return (bytes / (1024 * 1024)).toLocaleString(localeOf(language), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
}

/** All three documents are present, uploaded before or chosen now. */
export function allPresent(present: Partial<Record<UploadType, unknown>>): boolean {
  return UPLOADS.every((type) => Boolean(present[type]));
}
