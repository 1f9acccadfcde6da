import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { chooseEncoding } from '../common/http/compress-answers.js';

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

/** Vite names what it emits under assets/ by content hash: a changed file is a new name, so caches may keep them for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current assets, so browsers must ask again each time (a 304 when unchanged). */
const REVALIDATE = 'no-cache';
/** Unhashed files beside index.html (icons, robots.txt): an hour. */
const SHORT = 'public, max-age=3600';

const cacheControlOf = (urlPath: string): string =>
  urlPath.endsWith('.html') ? REVALIDATE : urlPath.startsWith('/assets/') ? IMMUTABLE : SHORT;

/** Every file of the build by its URL path, with the precompressed copies the web build wrote beside it. */
const filesOf = (webDir: string): Map<string, { br: boolean; gzip: boolean }> => {
  const files = new Map<string, { br: boolean; gzip: boolean }>();
  const names = new Set(readdirSync(webDir, { recursive: true, encoding: 'utf8' }).map((n) => n.split(path.sep).join('/')));
  for (const name of names) {
    if (name.endsWith('.br') || name.endsWith('.gz')) continue;
    files.set(`/${name}`, { br: names.has(`${name}.br`), gzip: names.has(`${name}.gz`) });
  }
  return files;
};

/**
 * Sends a built file, its .br or .gz copy when the client accepts one (with the original's type,
 * Content-Encoding and Vary), and the cache policy of its kind.
 */
const sendBuilt = (
  req: Request,
  res: Response,
  next: NextFunction,
  webDir: string,
  urlPath: string,
  copies: { br: boolean; gzip: boolean },
) => {
  const available = [...(copies.br ? (['br'] as const) : []), ...(copies.gzip ? (['gzip'] as const) : [])];
  const use = available.length ? chooseEncoding(req.header('accept-encoding'), available) : null;
  if (copies.br || copies.gzip) res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('Cache-Control', cacheControlOf(urlPath));
  const file = path.join(webDir, ...urlPath.split('/').filter(Boolean));
  if (use) {
    res.type(path.extname(file));
    res.setHeader('Content-Encoding', use);
  }
  res.sendFile(use ? `${file}.${use === 'br' ? 'br' : 'gz'}` : file, { cacheControl: false }, (err) => {
    if (err && !res.headersSent) next(err);
  });
};

/**
 * Serves the built web app at / with a fallback to index.html for client-side routes. Paths under
 * /api are never answered here. Only files the build made are served (listed once at start), so no
 * request path reaches the file system.
 */
export const mountWebApp = (app: Express, webDir = webDistDir): boolean => {
  const index = path.join(webDir, 'index.html');
  if (!existsSync(index)) return false;
  const files = filesOf(webDir);
  app.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path === '/api' || req.path.startsWith('/api/')) return next();
    const copies = files.get(req.path);
    if (copies && req.path !== '/index.html') return sendBuilt(req, res, next, webDir, req.path, copies);
    // A missing asset is a 404, not the app (a stale page asking for an old chunk must see it fail).
    if (req.path.startsWith('/assets/')) return next();
    sendBuilt(req, res, next, webDir, '/index.html', files.get('/index.html') ?? { br: false, gzip: false });
  });
  return true;
};
