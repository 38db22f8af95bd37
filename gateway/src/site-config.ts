import { readFileSync } from 'node:fs';
import { SCHEDULING_ASSETS_ORIGIN } from 'shared-api/scheduling';
import { DEMO_SITE_CONFIG, type SiteConfig } from 'shared-api/site';
import { siteConfigSchema } from 'shared-api/site-schema';

/** Environment variable → path in the configuration. */
const ENV_OVERRIDES: Record<string, string[]> = {
  SITE_TRADING_NAME: ['tradingName'],
  SITE_LEGAL_NAME: ['legalName'],
  SITE_TAX_ID: ['taxId'],
  SITE_STREET: ['address', 'street'],
  SITE_POSTAL_CODE: ['address', 'postalCode'],
  SITE_CITY: ['address', 'city'],
  SITE_PROVINCE: ['address', 'province'],
  SITE_COUNTRY: ['address', 'country'],
  SITE_PHONE: ['phone'],
  SITE_EMAIL: ['email'],
  SITE_MAP_LAT: ['map', 'lat'],
  SITE_MAP_LNG: ['map', 'lng'],
  SITE_MAPS_KEY: ['map', 'apiKey'],
  SITE_SCHEDULING_URL: ['schedulingUrl'],
  SITE_VOICE_WIDGET_ID: ['voiceWidgetId'],
};
const NUMERIC = new Set(['SITE_MAP_LAT', 'SITE_MAP_LNG']);

/**
 * The demo defaults, then the file SITE_CONFIG_FILE (a partial JSON object), then SITE_* variables.
 * An invalid result stops the gateway at start-up with the reason.
 */
export function loadSiteConfig(env: NodeJS.ProcessEnv = process.env): SiteConfig {
  const merged = structuredClone(DEMO_SITE_CONFIG) as unknown as Record<string, unknown>;
  if (env.SITE_CONFIG_FILE) {
    const fromFile = JSON.parse(readFileSync(env.SITE_CONFIG_FILE, 'utf8')) as Record<string, unknown>;
    for (const [key, value] of Object.entries(fromFile)) {
      const current = merged[key];
      merged[key] =
        value && typeof value === 'object' && current && typeof current === 'object' ? { ...current, ...value } : value;
    }
  }
  for (const [name, path] of Object.entries(ENV_OVERRIDES)) {
    const raw = env[name];
    if (raw === undefined) continue;
    let target = merged;
    for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
    target[path.at(-1) as string] = NUMERIC.has(name) ? Number(raw) : raw;
  }
  const parsed = siteConfigSchema.safeParse(merged);
  if (!parsed.success) {
    throw new Error(
      `Invalid site configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  return parsed.data;
}

/** Extra CSP sources for the third parties the configuration switches on, and nothing else. */
export function thirdPartySources(site: SiteConfig) {
  const sources = {
    script: [] as string[],
    style: [] as string[],
    img: [] as string[],
    connect: [] as string[],
    frame: [] as string[],
    font: [] as string[],
  };
  if (site.schedulingUrl) {
    sources.script.push(SCHEDULING_ASSETS_ORIGIN);
    sources.style.push(SCHEDULING_ASSETS_ORIGIN);
    sources.frame.push(new URL(site.schedulingUrl).origin);
  }
  if (site.map.apiKey) {
    // The maps script injects inline styles and loads tiles and fonts from Google's hosts.
    sources.script.push('https://maps.googleapis.com');
    sources.style.push("'unsafe-inline'", 'https://fonts.googleapis.com');
    sources.img.push(
      'https://maps.googleapis.com',
      'https://maps.gstatic.com',
      'https://*.googleapis.com',
      'https://*.ggpht.com',
    );
    sources.connect.push('https://maps.googleapis.com');
    sources.font.push('https://fonts.gstatic.com');
  }
  return sources;
}
