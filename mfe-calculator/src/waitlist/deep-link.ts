import { MAX_VOLUME_M3 } from 'shared-api';

/**
 * `?listaEspera=si&producto=<pid>[&m3=<volume>]`: the sign-up's way to a sold-out unit's waiting
 * list. The volume is the one measured there (the calculator list on this device may be another).
 */
export function waitlistDeepLink(params: URLSearchParams): { productId: string | null; volume?: number } | null {
  if (params.get('listaEspera') !== 'si') return null;
  const product = params.get('producto');
  const volume = Number(params.get('m3'));
  return {
    productId: product && /^\d{1,9}$/.test(product) ? product : null,
    ...(Number.isFinite(volume) && volume > 0 && volume <= MAX_VOLUME_M3 ? { volume } : {}),
  };
}
