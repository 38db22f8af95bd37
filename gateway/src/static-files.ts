import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';

/**
 * A front-end build's files. The build writes a Brotli copy (quality 11, `name.br`) beside each
 * script and stylesheet; a browser that accepts Brotli gets it, about 13 % smaller than gzip on
 * the fly, for no work per request. Anything else is compressed on the fly as before.
 *
 * The copies are found when the server starts: a file added later is served and compressed on
 * the fly, never refused.
 */
export function serveBuild(
  dist: string,
  /** `file` is the path of the file on disk, without the `.br` of a compressed copy. */
  setHeaders: (res: ServerResponse, file: string) => void,
): RequestHandler {
  const serve = expressStaticGzip(dist, {
    enableBrotli: true,
    orderPreference: ['br'],
    index: false,
    serveStatic: {
      index: false,
      redirect: false,
      setHeaders: (res, file) => setHeaders(res, file.replace(/\.br$/, '')),
    },
  });
  return (req, res, next) => {
    // The library answers a malformed path itself, in HTML; every error here is JSON.
    try {
      decodeURIComponent(req.path);
    } catch {
      next(Object.assign(new Error('Bad Request'), { status: 400 }));
      return;
    }
    serve(req, res, next);
  };
}
