import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** The parts of an output chunk the budget reads (Rollup and Rolldown agree on these). */
type Chunk = {
  readonly type: 'chunk';
  readonly fileName: string;
  readonly isEntry: boolean;
  readonly imports: readonly string[];
  readonly dynamicImports: readonly string[];
  readonly moduleIds: readonly string[];
  readonly code: string;
};
type Output = { readonly type: 'chunk' | 'asset'; readonly fileName: string };

export type BundleBudgetOptions = {
  /** Most gzip bytes the entry chunk and everything it imports statically may weigh. */
  readonly maxGzipBytes: number;
  /** Packages that must only arrive in lazy chunks (loaded where needed, never on every page). */
  readonly lazyOnly: readonly string[];
};

const kb = (bytes: number): string => `${(bytes / 1000).toFixed(1)} KB`;

const isChunk = (output: Output): output is Chunk & Output => output.type === 'chunk';

/** The package a module id comes from, or null for the app's own code. */
const packageOf = (moduleId: string): string | null => {
  const match = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(moduleId.split('?')[0] ?? '');
  return match?.[1]?.replace('\\', '/') ?? null;
};

/**
 * The JavaScript every page loads (spec: public routes ≤ 350 KB gzip): the entry chunk and the chunks
 * it imports statically, gzipped one by one as the server would send them. Prints each with its size
 * and fails the build over budget, or when a lazy-only package (react-admin, the map) got into them.
 */
export const bundleBudget = ({ maxGzipBytes, lazyOnly }: BundleBudgetOptions): Plugin => ({
  name: 'groundtruth:bundle-budget',
  apply: 'build',
  generateBundle(_options, bundle) {
    const chunks = new Map<string, Chunk>();
    for (const output of Object.values(bundle) as Output[]) if (isChunk(output)) chunks.set(output.fileName, output);
    const entries = [...chunks.values()].filter((chunk) => chunk.isEntry);
    if (entries.length === 0) this.error('bundle budget: the build has no entry chunk');

    const initial = new Set<string>();
    const visit = (fileName: string): void => {
      if (initial.has(fileName)) return;
      initial.add(fileName);
      for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
    };
    for (const entry of entries) visit(entry.fileName);

    const sizes = [...initial].map((fileName) => {
      const chunk = chunks.get(fileName)!;
      return { fileName, gzip: gzipSync(chunk.code, { level: 9 }).length };
    });
    sizes.sort((a, b) => b.gzip - a.gzip);
    const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);

    const misplaced = new Map<string, string>();
    for (const fileName of initial) {
      for (const moduleId of chunks.get(fileName)!.moduleIds) {
        const name = packageOf(moduleId);
        if (name && lazyOnly.some((lazy) => name === lazy || name.startsWith(`${lazy}/`))) misplaced.set(name, fileName);
      }
    }

    const lazy = [...chunks.values()].filter((chunk) => !initial.has(chunk.fileName));
    const lines = [
      `JavaScript on every page (entry and its static imports), gzip: ${kb(total)} of ${kb(maxGzipBytes)}`,
      ...sizes.map(({ fileName, gzip }) => `  ${kb(gzip).padStart(9)}  ${fileName}`),
      `Lazy chunks: ${lazy.length} (${kb(lazy.reduce((sum, chunk) => sum + gzipSync(chunk.code).length, 0))} gzip), loaded where needed`,
    ];
    console.log(lines.join('\n'));

    if (misplaced.size > 0) {
      this.error(
        `bundle budget: ${[...misplaced].map(([name, file]) => `${name} (in ${file})`).join(', ')} must only be loaded lazily (import() where needed)`,
      );
    }
    if (total > maxGzipBytes) {
      this.error(`bundle budget: ${kb(total)} gzip of JavaScript on every page, over the ${kb(maxGzipBytes)} budget`);
    }
  },
});
