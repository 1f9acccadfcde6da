import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export type PrecompressOptions = {
  /** Files whose names end so are compressed (source maps are left: only developer tools fetch them). */
  readonly extensions: readonly string[];
  /** Smaller files are left as they are (the server sends them plain too). */
  readonly minBytes: number;
};

const filesUnder = async (dir: string): Promise<string[]> =>
  (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));

/**
 * Writes `name.br` (brotli, best quality) and `name.gz` (gzip -9) beside every built file worth it,
 * once at build time, so the server sends assets compressed without compressing per request
 * (apps/api/src/web/web-app.ts picks the copy the browser accepts).
 */
export const precompress = ({ extensions, minBytes }: PrecompressOptions): Plugin => {
  let outDir = '';
  return {
    name: 'groundtruth:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => extensions.some((ext) => file.endsWith(ext)));
      let plain = 0;
      let packed = 0;
      let compressed = 0;
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < minBytes) return;
          const bytes = await readFile(file);
          const [br, gzipped] = await Promise.all([
            brotli(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gz(bytes, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
          plain += bytes.length;
          compressed++;
          packed += br.length;
        }),
      );
      console.log(
        `Precompressed ${compressed} files: ${(plain / 1e6).toFixed(2)} MB → ${(packed / 1e6).toFixed(2)} MB brotli (.br and .gz beside each)`,
      );
    },
  };
};
