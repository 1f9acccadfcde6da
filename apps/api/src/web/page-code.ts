import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One chunk of Vite's manifest (dist/.vite/manifest.json), by its source module. */
type ManifestChunk = { readonly file: string; readonly imports?: readonly string[] };
type Manifest = Readonly<Record<string, ManifestChunk>>;

/**
 * The lazily loaded code of pages whose address is enough to know it (apps/web/src/app/router.tsx):
 * the route's module and what its loader imports at once. Named by source module, as Vite's manifest
 * names them; page-code.unit.spec.ts fails if one is no longer in the build.
 */
export const PAGE_CODE: readonly { readonly page: RegExp; readonly modules: readonly string[] }[] = [
  // The explore workspace (/viz?v=, /viz/export?v=, /dashboard/explore…): its route and its first-data prefetch.
  {
    page: /^\/(viz(\/export)?|dashboard\/explore(\/[^/]+)?)$/,
    modules: ['src/app/routes/explore.route.tsx', 'src/features/explore/api/prefetch-workspace.ts'],
  },
  // The station page, within a project and on its own (/dashboard/stations/{id} is the all-stations map on a station).
  { page: /^\/(dashboard\/projects\/\d+\/station\/\d+|station\/\d+)$/, modules: ['src/app/routes/station.route.tsx'] },
  // The all-stations map (on its own, on a station, on bounds; not the list) and a project's big map: the
  // screen and MapLibre's code, fetched beside the entry script (bench:maps: the first markers wait for both).
  {
    page: /^\/dashboard\/stations\/(?!list$)[^/]+(\/[^/]+)?$/,
    modules: ['src/app/routes/stations-map.route.tsx', 'src/components/map/map-canvas.tsx'],
  },
  {
    page: /^\/dashboard\/projects\/\d+\/map$/,
    modules: ['src/app/routes/project-map.route.tsx', 'src/components/map/map-canvas.tsx'],
  },
  // The account screens (lazy since the entry was slimmed): sign-in, sign-in on arrival, register, recover, terms…
  { page: /^\/(login|spoof)$/, modules: ['src/app/routes/login.route.tsx'] },
  { page: /^\/login\/[^/]+$/, modules: ['src/app/routes/sign-in-on-arrival.route.tsx'] },
  { page: /^\/(register|recover|recover\/complete|account\/undo-email)$/, modules: ['src/app/routes/account.routes.tsx'] },
  { page: /^\/delete-account$/, modules: ['src/app/routes/delete-account.route.tsx'] },
  { page: /^\/terms$/, modules: ['src/features/terms/components/terms-view.tsx'] },
];

export const readManifest = (webDir: string): Manifest | null => {
  const file = path.join(webDir, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : null;
};

/**
 * The chunks a page's code needs (its modules' chunks and what they import statically, transitively),
 * leaving out those index.html already names: `<link rel="modulepreload">` for each lets the browser
 * fetch and compile them while the entry script is still arriving, instead of after it has run.
 */
export const pageChunks = (manifest: Manifest, pathname: string, indexHtml: string): string[] => {
  const modules = PAGE_CODE.find((p) => p.page.test(pathname))?.modules ?? [];
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of modules) visit(key);
  return [...files].filter((file) => !indexHtml.includes(`/${file}`)).map((file) => `/${file}`);
};

export const modulePreloadLinks = (chunks: readonly string[]): string =>
  chunks.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('');
