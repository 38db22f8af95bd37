import { ACCEPTED_DOCUMENT_EXTENSIONS } from '../schemas/session';

/** For a file picker of ID and bank documents; the server checks the real type by the first bytes anyway. */
export const DOCUMENT_ACCEPT_ATTRIBUTE = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

/** Whether a chosen file's name is of a kind the upload takes (said before sending 10 MB for nothing). */
export function hasAcceptedExtension(fileName: string): boolean {
  const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
  return fileName.includes('.') && (ACCEPTED_DOCUMENT_EXTENSIONS as readonly string[]).includes(extension);
}
