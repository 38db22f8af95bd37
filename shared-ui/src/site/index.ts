import { DEMO_SITE_CONFIG, isSiteConfig, type SiteConfig } from 'shared-api/site';
import { create } from 'zustand';

/**
 * The configuration known when this module loads: the server renderer's (`__SITE_CONFIG__`,
 * set by the gateway) or the page's inline one. It is also the store's initial state, which a
 * server render and the hydration read: both must see the real configuration, not the demo.
 */
function initialSiteConfig(): SiteConfig {
  const candidates: unknown[] = [(globalThis as { __SITE_CONFIG__?: unknown }).__SITE_CONFIG__];
  const inline = typeof document === 'undefined' ? null : document.getElementById('site-config')?.textContent;
  if (inline) {
    try {
      candidates.push(JSON.parse(inline));
    } catch {
      // the async loader reports it
    }
  }
  // Both were validated by the gateway, which wrote them (see isSiteConfig).
  return candidates.find(isSiteConfig) ?? DEMO_SITE_CONFIG;
}

/** The page's site configuration: set once by the shell (or a standalone page), read by all. */
export const useSiteStore = create<{ config: SiteConfig }>()(() => ({ config: initialSiteConfig() }));

export function useSiteConfig(): SiteConfig {
  return useSiteStore((s) => s.config);
}

export function setSiteConfig(config: SiteConfig): void {
  useSiteStore.setState({ config });
}

/** The configuration the gateway inlined, else `/site.json`, else the demo defaults. */
export async function loadSiteConfig(doc: Document = document): Promise<SiteConfig> {
  const inline = doc.getElementById('site-config')?.textContent;
  try {
    const candidate: unknown = inline ? JSON.parse(inline) : null;
    if (isSiteConfig(candidate)) return candidate;
  } catch {
    // fetched below
  }
  try {
    const response = await fetch('/site.json', { cache: 'no-store' });
    if (response.ok) {
      // Only a page without the gateway's block pays for zod.
      const [{ siteConfigSchema }, body] = await Promise.all([import('shared-api/site-schema'), response.json()]);
      const parsed = siteConfigSchema.safeParse(body);
      if (parsed.success) return parsed.data;
    }
  } catch {
    // the demo defaults below
  }
  console.error('[site] no valid site configuration; using the demo defaults');
  return DEMO_SITE_CONFIG;
}

export type { SiteConfig } from 'shared-api/site';
export { formatAddress } from 'shared-api/site';
