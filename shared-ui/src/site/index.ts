import { DEMO_SITE_CONFIG, type SiteConfig, siteConfigSchema } from 'shared-api/site';
import { create } from 'zustand';

/** The page's site configuration: set once by the shell (or a standalone page), read by all. */
export const useSiteStore = create<{ config: SiteConfig }>()(() => ({ config: DEMO_SITE_CONFIG }));

export function useSiteConfig(): SiteConfig {
  return useSiteStore((s) => s.config);
}

export function setSiteConfig(config: SiteConfig): void {
  useSiteStore.setState({ config });
}

/** The configuration the gateway inlined, else `/site.json`, else the demo defaults. */
export async function loadSiteConfig(doc: Document = document): Promise<SiteConfig> {
  const inline = doc.getElementById('site-config')?.textContent;
  const candidates: (() => Promise<unknown>)[] = [
    async () => (inline ? JSON.parse(inline) : null),
    async () => {
      const response = await fetch('/site.json', { cache: 'no-store' });
      return response.ok ? response.json() : null;
    },
  ];
  for (const read of candidates) {
    try {
      const parsed = siteConfigSchema.safeParse(await read());
      if (parsed.success) return parsed.data;
    } catch {
      // try the next source
    }
  }
  console.error('[site] no valid site configuration; using the demo defaults');
  return DEMO_SITE_CONFIG;
}

export type { SiteConfig } from 'shared-api/site';
export { formatAddress } from 'shared-api/site';
