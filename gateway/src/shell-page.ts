import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Request, Response } from 'express';
import type { SiteConfig } from 'shared-api/site';
import { matchPath, remoteForPath } from 'shared-i18n';
import { sendJsonError } from './errors';
import type { RegistrySource } from './registry';
import { publicRegistry } from './registry';

/** JSON for a `<script type="application/json">`: `<` escaped so the data cannot close the tag. */
function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * Serves the shell's index.html for every page path: with the registry inlined and a preload
 * hint for the current route's remote manifest (two round trips less), and the real status:
 * 404 for a path outside the route table (the shell then renders its not-found page).
 */
export function createShellPageHandler(shellDist: string, registry: RegistrySource, site: SiteConfig) {
  let template: string | null = null;
  const readTemplate = () => {
    template ??= readFileSync(path.join(shellDist, 'index.html'), 'utf8');
    return template;
  };

  return (req: Request, res: Response) => {
    const match = matchPath(req.path);
    if (match.kind === 'redirect') {
      const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
      res.redirect(302, `${match.to}${query}`);
      return;
    }
    let html: string;
    try {
      html = readTemplate();
    } catch {
      sendJsonError(res, 503, 'The site is being deployed. Please try again in a minute.', { 'retry-after': '60' });
      return;
    }
    const remotes = publicRegistry(registry.current());
    const remoteName = remoteForPath(req.path);
    const manifest = remoteName && Object.hasOwn(remotes, remoteName) ? remotes[remoteName] : undefined;
    const head = [
      `<script type="application/json" id="remotes-registry">${jsonForHtml(remotes)}</script>`,
      `<script type="application/json" id="site-config">${jsonForHtml(site)}</script>`,
      manifest ? `<link rel="preload" href="${manifest}" as="fetch" crossorigin="anonymous">` : '',
    ].join('');
    res
      .status(match.kind === 'not-found' ? 404 : 200)
      .set('cache-control', 'no-cache')
      .type('html')
      .send(html.replace('</head>', `${head}</head>`));
  };
}
