import express from 'express';
import { DEMO_SITE_CONFIG, type SiteConfig } from 'shared-api/site';
import { closeAll, listen } from 'shared-node/testing';
import { describe, expect, it } from 'vitest';
import { functionName, securityHeaders } from './security';

describe('functionName', () => {
  it('names a kebab-case function, with at most one sub-path', () => {
    expect(functionName('/functions/v1/products')).toBe('products');
    expect(functionName('/functions/v1/send-waitlist-email/')).toBe('send-waitlist-email');
    expect(functionName('/functions/v1/backoffice/document')).toBe('backoffice/document');
  });

  it('names nothing for traversal, odd names or deeper paths', () => {
    for (const path of [
      '/functions/v1/',
      '/functions/v1/..',
      '/functions/v1/%2e%2e/outbox',
      '/functions/v1/backoffice/../outbox',
      '/functions/v1/__proto__',
      '/functions/v1/toString',
      '/functions/v1/a/b/c',
      '/functions/v1/backoffice/other',
      '/functions/v1/echo/extra',
      '/functions/v1/-x',
      '/functions/v2/products',
    ]) {
      expect(functionName(path), path).toBeNull();
    }
  });
});

describe('the pages’ style-src', () => {
  const styleSrc = async (site: SiteConfig) => {
    const app = express();
    app.use((_req, res, next) => {
      res.locals.cspNonce = 'bm9uY2U=';
      next();
    });
    app.use(securityHeaders(site));
    app.get('/', (_req, res) => {
      res.send('ok');
    });
    const { server, url } = await listen(app);
    try {
      const csp = (await fetch(url)).headers.get('content-security-policy') ?? '';
      return /style-src ([^;]+)/.exec(csp)?.[1];
    } finally {
      await closeAll([server]);
    }
  };

  it("lets in the page's inlined stylesheets by the nonce, or by 'unsafe-inline' when the maps need it", async () => {
    expect(await styleSrc(DEMO_SITE_CONFIG)).toBe("'self' 'nonce-bm9uY2U=' 'self'");
    // A nonce beside 'unsafe-inline' would switch it off, and the maps' injected styles with it.
    const withMaps = await styleSrc({ ...DEMO_SITE_CONFIG, map: { ...DEMO_SITE_CONFIG.map, apiKey: 'k' } });
    expect(withMaps).toContain("'unsafe-inline'");
    expect(withMaps).not.toContain('nonce-');
  });
});
