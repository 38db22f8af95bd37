import { type CalculatorItem, newItemId } from '../calculator/items';

/** Query parameter that carries a shared list. */
export const SHARE_PARAM = 'lista';

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(encoded: string): string {
  const base64 = encoded.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

export function encodeList(items: readonly CalculatorItem[]): string {
  return toBase64Url(JSON.stringify(items.map((i) => [i.name, i.length, i.width, i.height, i.unit, i.quantity])));
}

/** The list a link carries, with fresh ids; null when the parameter is not a valid list. */
export async function decodeList(encoded: string): Promise<CalculatorItem[] | null> {
  try {
    // A schema that cannot be fetched (offline) reads as a link it cannot use: the visitor is told.
    const { sharedList } = await import('../calculator/list-schema');
    const parsed = sharedList.safeParse(JSON.parse(fromBase64Url(encoded)));
    if (!parsed.success) return null;
    return parsed.data.map(([name, length, width, height, unit, quantity]) => ({
      id: newItemId(),
      name,
      displayName: name,
      length,
      width,
      height,
      unit,
      quantity,
    }));
  } catch {
    return null;
  }
}

export function shareUrl(origin: string, pathname: string, items: readonly CalculatorItem[]): string {
  return `${origin}${pathname}?${new URLSearchParams({ [SHARE_PARAM]: encodeList(items) })}`;
}
