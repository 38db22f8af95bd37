// zod/mini: the gateway validates the configuration with it; a browser fetching /site.json too.
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
  /**
   * The office's opening hours (visits, the desk): ISO weekdays 1 Monday … 7 Sunday and local
   * times. The storage itself is open 24 hours. Keep them in step with the back-office's visit times.
   */
  officeHours: z.object({
    weekdays: z.array(z.number().check(z.int(), z.gte(1), z.lte(7))).check(z.minLength(1)),
    opens: z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/)),
    closes: z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/)),
  }),
  /** Scheduling popup page; empty means the popup script is not loaded (Book a visit only logs). */
  schedulingUrl: z.string(),
  /** Voice-assistant widget id; empty means Learn more has no widget to open. */
  voiceWidgetId: z.string(),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;
