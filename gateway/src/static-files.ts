import type { ServerResponse } from 'node:http';
import express, { type RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';

/**
 * A front-end build's files. The build writes a Brotli copy (quality 11, `name.br`) beside each
 * script and stylesheet; a browser that accepts Brotli gets it, about 13 % smaller than gzip on
 * the fly, for no work per request. Anything else is compressed on the fly as before.
 *
 * The copies are found when the server starts: a file added later is served and compressed on
 * the fly, and a copy deleted since is replaced by its file; neither is refused.
 */
export function serveBuild(
  dist: string,
  /** `file` is the path of the file on disk, without the `.br` of a compressed copy. */
  setHeaders: (res: ServerResponse, file: string) => void,
): RequestHandler {
  const fileOptions = {
    index: false as const,
    redirect: false,
    setHeaders: (res: ServerResponse, file: string) => setHeaders(res, file.replace(/\.br$/, '')),
  };
  const serve = expressStaticGzip(dist, {
    enableBrotli: true,
    orderPreference: ['br'],
    index: false,
    serveStatic: fileOptions,
  });
  const plain = express.static(dist, fileOptions);
  return (req, res, next) => {
    // The library answers a malformed path itself, in HTML; every error here is JSON.
    try {
      decodeURIComponent(req.path);
    } catch {
      next(Object.assign(new Error('Bad Request'), { status: 400 }));
      return;
    }
    // Files are read, never written: other methods go on to the JSON 404 (as with express.static).
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      next();
      return;
    }
    // Every file a build writes has an extension; a path without one is a page, and looking for it
    // on disk was a tenth of a page's cost under load.
    const lastSegment = req.path.slice(req.path.lastIndexOf('/') + 1);
    if (!lastSegment.includes('.')) {
      next();
      return;
    }
    serve(req, res, (error?: unknown) => {
      if (res.headersSent || !res.getHeader('content-encoding')) {
        next(error);
        return;
      }
      // The compressed copy was not sent (deleted since the start, or a range it cannot
      // satisfy): the headers set for it must not describe what is sent instead.
      for (const header of ['content-encoding', 'content-type', 'vary']) res.removeHeader(header);
      if (error) next(error);
      else plain(req, res, next);
    });
  };
}
