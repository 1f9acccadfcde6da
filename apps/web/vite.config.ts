import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { bundleBudget } from './build/bundle-budget.ts';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/**
 * Works both as `vite build apps/web` and `vite build --config apps/web/vite.config.ts`
 * from the repo root: the root is pinned to this folder, so output lands in apps/web/dist.
 */
export default defineConfig({
  root: here('.'),
  base: '/',
  plugins: [
    // Spec: JavaScript for public routes ≤ 350 KB gzip; react-admin and the map arrive only where needed.
    bundleBudget({ maxGzipBytes: 350_000, lazyOnly: ['react-admin', 'ra-core', 'ra-ui-materialui', 'maplibre-gl', 'mapbox-gl'] }),
  ],
  resolve: {
    alias: {
      '@groundtruth/contracts': here('../../libs/contracts/src/index.ts'),
      '@groundtruth/domain': here('../../libs/domain/src/index.ts'),
      '@': here('./src'),
    },
  },
  // Vite 8 transforms TSX with oxc; no React plugin is installed, so ask for the automatic runtime.
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      onwarn(warning, warn) {
        // MUI, React Router and TanStack mark modules 'use client' for React Server Components; meaningless in an SPA bundle.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ },
            {
              name: 'mui',
              test: /node_modules[\\/](@mui|@emotion|@popperjs|stylis|react-transition-group|react-is|hoist-non-react-statics|clsx)[\\/]/,
            },
            // Lazy: only pages with a map load it (the public-route budget is 350 KB gzip).
            { name: 'maplibre', test: /node_modules[\\/]maplibre-gl[\\/]/ },
            // Libraries only some screens use (charts, the rich-text editor) stay out of the shared vendor
            // chunk, which every page loads: they travel in the lazy chunks that need them.
            {
              name: 'vendor',
              test: /node_modules[\\/](?!(?:@nivo|@react-spring|d3-[^\\/]+|internmap|lodash|@tiptap|prosemirror-[^\\/]+|orderedmap|rope-sequence|w3c-keyname|linkifyjs)[\\/])/,
            },
          ],
        },
      },
    },
  },
});
