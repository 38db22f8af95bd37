import { type Language, pathFor, type SignupStep } from 'shared-i18n';

/** The URL of a step, with `proceso` once the registration has an id. */
export function stepUrl(
  language: Language,
  step: SignupStep | undefined,
  registrationId: string | null,
  extra?: URLSearchParams,
) {
  const params = new URLSearchParams(extra);
  if (registrationId) params.set('proceso', registrationId);
  const query = params.toString();
  return `${pathFor('signup', language, step)}${query ? `?${query}` : ''}`;
}

const PERIOD_OF_MONTHS = { '1': 'monthly', '3': 'quarterly', '6': 'semiannually', '12': 'annually' } as const;

/** `periodo` (1, 3, 6 or 12 months) as a period, or null. */
export function periodFromParam(value: string | null) {
  return value && Object.hasOwn(PERIOD_OF_MONTHS, value)
    ? PERIOD_OF_MONTHS[value as keyof typeof PERIOD_OF_MONTHS]
    : null;
}

/**
 * `productos`: URL-encoded JSON with at least a productId (the calculator also sends the
 * name and the units). Anything else is ignored.
 */
export function productSelection(
  search: URLSearchParams,
): { productId: string; productName?: string; units?: number; volume?: number } | null {
  const raw = search.get('productos');
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as {
      productId?: unknown;
      productName?: unknown;
      unitsRequired?: unknown;
      volumeRequested?: unknown;
    };
    const id = value.productId;
    if ((typeof id !== 'string' && typeof id !== 'number') || String(id).trim() === '') return null;
    return {
      productId: String(id),
      ...(typeof value.productName === 'string' ? { productName: value.productName } : {}),
      ...(typeof value.unitsRequired === 'number' && Number.isInteger(value.unitsRequired) && value.unitsRequired > 0
        ? { units: Math.min(value.unitsRequired, 3) }
        : {}),
      ...(typeof value.volumeRequested === 'number' && value.volumeRequested > 0
        ? { volume: value.volumeRequested }
        : {}),
    };
  } catch {
    return null;
  }
}
