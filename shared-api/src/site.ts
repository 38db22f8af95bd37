import type { SiteConfig } from './site-schema';

export type { SiteConfig } from './site-schema';

/** Demo defaults: clearly fictional, so nobody mistakes them for the business's real details. */
export const DEMO_SITE_CONFIG: SiteConfig = {
  tradingName: 'Trasteros Demo',
  legalName: 'Almacenes Ficticios del Sur, S.L. (empresa de demostración)',
  taxId: 'B00000000',
  address: {
    street: 'Calle Ejemplo, 1',
    postalCode: '29000',
    city: 'Pueblo de Ejemplo',
    province: 'Málaga',
    country: 'España',
  },
  phone: '+34 600 000 000',
  email: 'hola@trasteros-demo.example',
  map: { lat: 36.7213, lng: -4.4214, apiKey: '' },
  // The back-office's default visit times (Monday to Saturday, 10:00 to 19:00).
  officeHours: { weekdays: [1, 2, 3, 4, 5, 6], opens: '10:00', closes: '19:00' },
  schedulingUrl: '',
  voiceWidgetId: '',
};

export function formatAddress({ address }: Pick<SiteConfig, 'address'>): string {
  return `${address.street}, ${address.postalCode} ${address.city} (${address.province}), ${address.country}`;
}

/**
 * Whether a value has the configuration's shape (every field of the demo configuration, with the
 * same type). For the block the gateway inlined in the page: it validated that configuration with
 * `siteConfigSchema` before writing it, so the browser's first load need not carry zod (16 KB
 * gzip) to check it again; anything fetched is parsed with the schema.
 */
export function isSiteConfig(value: unknown): value is SiteConfig {
  return sameShape(value, DEMO_SITE_CONFIG);
}

function sameShape(value: unknown, template: unknown): boolean {
  if (typeof template !== 'object' || template === null) return typeof value === typeof template;
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return Object.entries(template).every(([key, field]) => sameShape(record[key], field));
}
