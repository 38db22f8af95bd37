// zod/mini: the shell reads this on its first load.
import * as z from 'zod/mini';

/**
 * What the spec leaves as placeholders, in one typed configuration: the gateway merges a file
 * with environment overrides and hands it to the browser. Components never hard-code these.
 */
export const siteConfigSchema = z.object({
  tradingName: z.string().check(z.minLength(1)),
  legalName: z.string().check(z.minLength(1)),
  taxId: z.string().check(z.minLength(1)),
  address: z.object({
    street: z.string(),
    postalCode: z.string(),
    city: z.string(),
    province: z.string(),
    country: z.string(),
  }),
  phone: z.string().check(z.minLength(1)),
  email: z.string().check(z.minLength(3)),
  map: z.object({
    lat: z.number().check(z.gte(-90), z.lte(90)),
    lng: z.number().check(z.gte(-180), z.lte(180)),
    /** Maps service key; empty shows the address and a directions link instead of a map. */
    apiKey: z.string(),
  }),
  /** Scheduling popup page; empty means the popup script is not loaded (Book a visit only logs). */
  schedulingUrl: z.string(),
  /** Voice-assistant widget id; empty means Learn more has no widget to open. */
  voiceWidgetId: z.string(),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

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
  schedulingUrl: '',
  voiceWidgetId: '',
};

export function formatAddress({ address }: Pick<SiteConfig, 'address'>): string {
  return `${address.street}, ${address.postalCode} ${address.city} (${address.province}), ${address.country}`;
}
