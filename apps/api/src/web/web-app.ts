import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIRST_ANSWERS_ELEMENT_ID } from '@groundtruth/contracts';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { chooseEncoding } from '../common/http/compress-answers.js';
import { modulePreloadLinks, pageChunks, readManifest } from './page-code.js';

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
    // Vite's manifest is read by the server (page-code.ts), not served.
    if (name.startsWith('.vite/')) continue;
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
 * The first answers of a page, found from its address alone (a route's own module says which, e.g.
 * the bookmark of /viz?v=), keyed by `firstAnswerKey`; null when the page has none. Only answers that
 * are the same for every caller may be given: the page is sent before anyone is known.
 */
export type FirstAnswers = (req: Request) => Promise<Record<string, unknown> | null>;

/** JSON safe inside a <script> element: no `<` (no `</script>`, no `<!--`), no `&`, no line separators JavaScript would split on. */
export const scriptSafeJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * index.html with the answers in a JSON script element the web app reads once
 * (apps/web/src/lib/first-answers.ts), and whatever else goes in its head (the page's module preloads).
 */
export const withFirstAnswers = (html: string, answers: Record<string, unknown> | null, head = ''): string => {
  const element = answers
    ? `<script type="application/json" id="${FIRST_ANSWERS_ELEMENT_ID}">${scriptSafeJson(answers)}</script>`
    : '';
  // Before the app's scripts: the element is in the document when they run.
  const at = html.indexOf('<script');
  const added = `${element}${head}`;
  return at < 0 ? html.replace('</head>', `${added}</head>`) : `${html.slice(0, at)}${added}${html.slice(at)}`;
};

/**
 * Serves the built web app at / with a fallback to index.html for client-side routes. Paths under
 * /api are never answered here. Only files the build made are served (listed once at start), so no
 * request path reaches the file system.
 */
export const mountWebApp = (app: Express, webDir = webDistDir, firstAnswers?: FirstAnswers): boolean => {
  const index = path.join(webDir, 'index.html');
  if (!existsSync(index)) return false;
  const files = filesOf(webDir);
  const indexHtml = readFileSync(index, 'utf8');
  const manifest = readManifest(webDir);
  const sendIndex = (req: Request, res: Response, next: NextFunction) =>
    sendBuilt(req, res, next, webDir, '/index.html', files.get('/index.html') ?? { br: false, gzip: false });
  app.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path === '/api' || req.path.startsWith('/api/')) return next();
    const copies = files.get(req.path);
    if (copies && req.path !== '/index.html') return sendBuilt(req, res, next, webDir, req.path, copies);
    // A missing asset is a 404, not the app (a stale page asking for an old chunk must see it fail).
    if (req.path.startsWith('/assets/')) return next();
    // A page whose lazily loaded code is known from its address names it, so the browser fetches it
    // beside the entry script rather than after the entry has run (bench:explore-web).
    const preloads = manifest ? modulePreloadLinks(pageChunks(manifest, req.path, indexHtml)) : '';
    (firstAnswers ? firstAnswers(req) : Promise.resolve(null))
      .then((found) => {
        const answers = found && Object.keys(found).length > 0 ? found : null;
        if (!answers && !preloads) return sendIndex(req, res, next);
        res.status(200).type('html').setHeader('Cache-Control', REVALIDATE);
        res.send(withFirstAnswers(indexHtml, answers, preloads));
      })
      // A failed look-up costs the page nothing: it is sent as it is, and the app asks the API.
      .catch(() => sendIndex(req, res, next));
  });
  return true;
};
