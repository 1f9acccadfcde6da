import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { assertBlobKey, type BlobStore } from './blob-store.js';

const missing = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Objects as files under one folder (DATA_DIR by default): the key is the relative path. */
export class LocalBlobStore implements BlobStore {
  readonly kind = 'local' as const;

  constructor(private readonly root: string) {}

  private file(key: string): string {
    assertBlobKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Written aside, then renamed: a reader sees the old object or the whole new one.
    const part = `${file}.${randomUUID()}.part`;
    await fs.writeFile(part, bytes);
    await fs.rename(part, file);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.file(key));
    } catch (error) {
      if (missing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true });
  }

  async list(prefix: string): Promise<string[]> {
    const folder = prefix.endsWith('/') ? prefix.slice(0, -1) : path.posix.dirname(prefix);
    const start = folder === '.' || folder === '' ? this.root : this.file(folder);
    const found: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      let entries: import('node:fs').Dirent[];
      try {
        entries = await fs.readdir(dir, { withFileTypes: true });
      } catch (error) {
        if (missing(error)) return;
        throw error;
      }
      for (const entry of entries) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(full);
        else if (!entry.name.endsWith('.part')) {
          const key = path.relative(this.root, full).split(path.sep).join('/');
          if (key.startsWith(prefix)) found.push(key);
        }
      }
    };
    await walk(start);
    return found.sort();
  }
}
