import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import sharp from 'sharp';
import { DomainError } from '@groundtruth/domain';
import { RUNTIME, type Runtime } from '@groundtruth/platform';

export type ImageKind = { readonly ext: 'jpg' | 'png' | 'gif'; readonly contentType: string };

/** Trusts the bytes, not the name or the declared type. */
export const sniffImage = (bytes: Uint8Array): ImageKind | null => {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { ext: 'jpg', contentType: 'image/jpeg' };
  if (
    bytes.length >= 8 &&
    Buffer.from(bytes.subarray(0, 8)).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return { ext: 'png', contentType: 'image/png' };
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(Buffer.from(bytes.subarray(0, 6)).toString('latin1')))
    return { ext: 'gif', contentType: 'image/gif' };
  return null;
};

const KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\/[0-9a-f-]{36}\.(jpg|png|gif)$/;
const contentTypes = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif' } as const;

/**
 * Uploaded media in a folder under DATA_DIR (`media/`), addressed by opaque keys. Resized copies
 * are made with sharp on first request and kept in `media/.sizes/`.
 */
@Injectable()
export class MediaStore {
  private readonly root: string;

  constructor(@Inject(RUNTIME) runtime: Runtime) {
    this.root = path.join(runtime.config.dataDir, 'media');
  }

  private file(key: string): string {
    if (!KEY.test(key)) throw new Error(`Bad media key: ${key}`);
    return path.join(this.root, key);
  }

  /** Stores an image under `folder` and answers its key; 400 when the bytes are not jpeg, png or gif. */
  async putImage(folder: string, bytes: Buffer): Promise<string> {
    const kind = sniffImage(bytes);
    if (!kind)
      throw DomainError.validation(
        'MEDIA.NOT_AN_IMAGE',
        { file: 'Choose a jpeg, png or gif image.' },
        'Choose a jpeg, png or gif image.',
      );
    const key = `${folder}/${randomUUID()}.${kind.ext}`;
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(`${file}.part`, bytes);
    await fs.rename(`${file}.part`, file);
    return key;
  }

  /** The image, resized to `width` pixels (never enlarged) when asked; null when gone. */
  async read(key: string, width?: number): Promise<{ bytes: Buffer; contentType: string } | null> {
    const ext = key.slice(key.lastIndexOf('.') + 1) as keyof typeof contentTypes;
    const original = this.file(key);
    if (!width) {
      const bytes = await fs.readFile(original).catch(() => null);
      return bytes && { bytes, contentType: contentTypes[ext] };
    }
    const sized = path.join(this.root, '.sizes', String(width), key);
    const cached = await fs.readFile(sized).catch(() => null);
    if (cached) return { bytes: cached, contentType: contentTypes[ext] };
    const source = await fs.readFile(original).catch(() => null);
    if (!source) return null;
    const bytes = await sharp(source, { animated: ext === 'gif' })
      .resize({ width, withoutEnlargement: true })
      .toBuffer();
    await fs.mkdir(path.dirname(sized), { recursive: true });
    await fs.writeFile(sized, bytes);
    return { bytes, contentType: contentTypes[ext] };
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true });
    const sizes = await fs.readdir(path.join(this.root, '.sizes')).catch(() => [] as string[]);
    for (const size of sizes) await fs.rm(path.join(this.root, '.sizes', size, key), { force: true });
  }
}
