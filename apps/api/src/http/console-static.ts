import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import express, { Router, type Request, type Response } from 'express';

/**
 * apps/console/dist, built by the root postinstall (npm run build -w @textline/console). Found
 * through the package's name: in apps/api/dist's bundle, import.meta.url names the bundle.
 */
const consolePackageJson = createRequire(import.meta.url).resolve('@textline/console/package.json');
export const consoleDistDir = path.join(path.dirname(consolePackageJson), 'dist/');

/**
 * The console loads only its own bundled scripts and styles and talks only to this origin. Images
 * may also come over https: the pictures of MMS messages are shown from their media URLs (the
 * console sends no referrer with them). Where media URLs may be http (ALLOW_PRIVATE_WEBHOOK_URLS,
 * local development and tests), so may those pictures.
 */
function contentSecurityPolicyOf(options: { httpMedia: boolean }): string {
  const images = options.httpMedia ? "'self' data: https: http:" : "'self' data: https:";
  return (
    `default-src 'self'; script-src 'self'; style-src 'self'; img-src ${images}; connect-src 'self'; ` +
    "frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'"
  );
}

/** Serves the console single-page app under /console, with index.html for every client-side route. */
export function consoleRouter(options: { httpMedia: boolean }): Router {
  const router = Router();
  const contentSecurityPolicy = contentSecurityPolicyOf(options);
  router.use('/console', (_req, res, next) => {
    res.set('Content-Security-Policy', contentSecurityPolicy);
    next();
  });
  // Relative asset URLs need the trailing slash (non-strict routing matches both forms here).
  router.get('/console', (req, res, next) =>
    req.originalUrl.split('?')[0] === '/console' ? res.redirect(301, '/console/') : next(),
  );
  router.use('/console', express.static(consoleDistDir, { index: 'index.html', maxAge: '1h', setHeaders: noCacheForHtml }));
  router.get('/console/{*rest}', (_req: Request, res: Response) => {
    const index = `${consoleDistDir}index.html`;
    if (!existsSync(index)) {
      res.status(503).type('text/plain').send('The console is not built yet: run `npm run build -w @textline/console`.');
      return;
    }
    res.set('Cache-Control', 'no-cache').sendFile(index);
  });
  return router;
}

function noCacheForHtml(res: Response, path: string) {
  if (path.endsWith('.html')) res.set('Cache-Control', 'no-cache');
}
