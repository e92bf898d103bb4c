import { createRequire } from 'node:module';
import express, { Router } from 'express';

const require = createRequire(import.meta.url);

const docsPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Textline API</title><link rel="stylesheet" href="/docs/assets/swagger-ui.css"></head>
<body><div id="docs"></div><script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script></body></html>`;

const initScript = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#docs' });`;

/** /openapi.json and a Swagger UI at /docs, served from the local package (no CDN, no network). */
export function docsRouter(): Router {
  // Built on first request: the generator (trpc-to-openapi) and the document are memory that most
  // processes never need.
  let document: Promise<object> | undefined;
  // The package's main module loads the whole UI bundle into this process's memory only to
  // tell us where its files are; this module tells us without it.
  const absolutePath = require('swagger-ui-dist/absolute-path.js') as () => string;
  const assets = absolutePath();
  const docs = Router();
  docs.get('/openapi.json', async (_req, res) => {
    document ??= import('./document.ts').then(({ buildOpenApiDocument }) => buildOpenApiDocument());
    res.json(await document);
  });
  docs.use('/docs/assets', express.static(assets, { index: false }));
  docs.get('/docs/init.js', (_req, res) => {
    res.type('application/javascript').send(initScript);
  });
  docs.get('/docs', (_req, res) => {
    res
      .set('Content-Security-Policy', "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'")
      .type('html')
      .send(docsPage);
  });
  return docs;
}
