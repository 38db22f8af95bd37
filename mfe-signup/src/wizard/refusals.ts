import { ApiError, isRefusalCode, type RefusalCode } from 'shared-api';

/** The translation key of a server refusal; one the page does not know reads as a general failure. */
export function refusalKey(code: string | undefined): `refusals.${RefusalCode | 'unknown'}` {
  return isRefusalCode(code) ? `refusals.${code}` : 'refusals.unknown';
}

/** The refusal code of a failed call, when the server refused (409) and said why. */
export function refusalOf(error: unknown): string | undefined {
  return error instanceof ApiError && error.status === 409 && isRefusalCode(error.code) ? error.code : undefined;
}
