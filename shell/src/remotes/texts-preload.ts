// No federation-shared module here (shared-i18n…): a runtime plugin runs before modules are shared.
import { isReleaseFile } from 'shared-api/render';

/** The part of a remote's manifest read here: its texts' scripts per language (tooling/rspack). */
interface ManifestTexts {
  metaData?: { languageScripts?: Record<string, unknown> };
}

/**
 * The scripts of a remote's texts in `language`, as URLs beside its manifest. A remote that
 * fetches its texts per language does so only once its App has run: preloaded with the manifest,
 * they arrive with the App's scripts instead of one round trip after them (a page the gateway
 * rendered has them preloaded already; this is for a remote reached inside the site).
 */
export function textScripts(manifestUrl: string, manifest: unknown, language: string): string[] {
  const listed = (manifest as ManifestTexts | null)?.metaData?.languageScripts?.[language];
  if (!Array.isArray(listed)) return [];
  return listed.filter(isReleaseFile).map((file) => new URL(file, manifestUrl).href);
}

/** Preloads the page language's texts of the remote whose manifest `response` is (a clone is read). */
export async function preloadTexts(manifestUrl: string, response: Response, doc: Document = document): Promise<void> {
  // The page's language (<html lang>): one the manifest does not list preloads nothing.
  const language = doc.documentElement.lang;
  const url = new URL(manifestUrl, doc.baseURI);
  if (!response.ok || !language || !url.pathname.endsWith('/mf-manifest.json')) return;
  const manifest: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  const preloaded = new Set([...doc.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((l) => l.href));
  for (const href of textScripts(url.href, manifest, language)) {
    if (preloaded.has(href)) continue;
    const link = doc.createElement('link');
    link.rel = 'preload';
    link.as = 'script';
    link.href = href;
    doc.head.append(link);
  }
}
