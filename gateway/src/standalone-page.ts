import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { type StandalonePage, withinBudget } from 'shared-api/render';
import type { SiteConfig } from 'shared-api/site';
import { sendJsonError } from './errors';
import { jsonForHtml } from './html';
import { type PageTemplate, readHoisted, readPageTemplate } from './page-template';
import { createStandaloneRendererSource } from './server-render';
import { REMOTE_BUDGET_MS } from './shell-page';

/**
 * Every page of a standalone app (the door tool on its own origin): its index.html with the
 * site configuration inlined and, when the release has a page renderer, the page rendered into
 * #root, so it paints before any script has run. A renderer that is missing, slow or throws
 * leaves the page to the browser, as before.
 */
export function createStandalonePageHandler(dist: string, site: SiteConfig, log: Logger) {
  const renderer = createStandaloneRendererSource(dist, log, site);
  let template: PageTemplate | null = null;
  const siteConfig = `<script type="application/json" id="site-config">${jsonForHtml(site)}</script>`;

  return async (req: Request, res: Response) => {
    try {
      template ??= readPageTemplate(readFileSync(path.join(dist, 'index.html'), 'utf8'));
    } catch {
      sendJsonError(res, 503, 'The site is being deployed. Please try again in a minute.', { 'retry-after': '60' });
      return;
    }
    const html = template;
    const send = (page: string) => res.status(200).set('cache-control', 'no-cache').type('html').send(page);
    const browserRendered = () => send(html.page({ head: [siteConfig] }));
    const nonce = typeof res.locals.cspNonce === 'string' ? res.locals.cspNonce : null;
    const render = await renderer();
    if (!render || !nonce || !html.hasRoot) {
      browserRendered();
      return;
    }
    let page: StandalonePage;
    try {
      page = await withinBudget(render.render(req.originalUrl), REMOTE_BUDGET_MS, 'standalone page render');
    } catch (error) {
      log.warn({ err: error, url: req.originalUrl }, 'standalone page render fell back to the browser');
      browserRendered();
      return;
    }
    const hoisted = readHoisted(page.html, true);
    const body = page.html.slice(hoisted?.bodyStart ?? 0);
    send(
      html.page(
        {
          language: page.language,
          serverRendered: true,
          head: [siteConfig],
          hoisted,
          scriptsAfterPaint: { nonce },
        },
        body,
      ),
    );
  };
}
