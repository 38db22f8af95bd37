import { ACCEPTED_DOCUMENT_EXTENSIONS, type UploadType } from 'shared-api';

export { MAX_DOCUMENT_BYTES } from 'shared-api';

import { type Language, localeOf } from 'shared-i18n';

export const UPLOADS: readonly UploadType[] = ['frontId', 'backId', 'bankDocument'];
/** For the file picker; the server checks the real type by the first bytes anyway. */
export const ACCEPT_ATTRIBUTE = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

export function hasAcceptedExtension(fileName: string): boolean {
  const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
  return fileName.includes('.') && (ACCEPTED_DOCUMENT_EXTENSIONS as readonly string[]).includes(extension);
}

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
