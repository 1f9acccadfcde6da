import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Express } from 'express';

/** apps/api/dist/web → apps/web/dist (and the same from src under tests). */
export const webDistDir = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

/**
 * The OpenAPI viewer's scripts and styles. Mounted before Nest initialises: Nest answers every
 * unmatched path under /api with its 404, so anything under /api added later is never reached.
 */
export const mountDocsAssets = (app: Express): void => {
  const swaggerDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  app.use('/api/docs/assets', express.static(swaggerDir, { index: false, maxAge: '1d' }));
};

/**
 * Serves the built web app at / with a fallback to index.html for client-side routes. Paths under
 * /api are never answered here.
 */
export const mountWebApp = (app: Express, webDir = webDistDir): boolean => {
  const index = path.join(webDir, 'index.html');
  if (!existsSync(index)) return false;
  app.use(
    express.static(webDir, {
      index: false,
      maxAge: '1h',
      setHeaders: (res, file) => file.endsWith('.html') && res.setHeader('Cache-Control', 'no-cache'),
    }),
  );
  app.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path === '/api' || req.path.startsWith('/api/')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return true;
};
