import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import sharp from 'sharp';
import { DomainError, IMAGE_MAX_PIXELS, mediaMessages, mediaWidth } from '@groundtruth/domain';
import { BLOBS, type BlobStore } from '@groundtruth/platform';

export type ImageExt = 'jpg' | 'png' | 'gif';
export type AudioExt = 'm4a' | 'caf';
export type MediaExt = ImageExt | AudioExt;
export type ImageKind = { readonly ext: ImageExt; readonly contentType: string };
export type MediaKind = { readonly ext: MediaExt; readonly contentType: string };

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

/** MPEG-4 audio brands; other ISO media (HEIC photos, QuickTime video) share the 'ftyp' box but are not recordings. */
const AUDIO_BRANDS = /^(M4A |M4B |mp4[12]|iso[2-6m])$/;

/** Audio recorded by the phone app for station notes: MPEG-4 audio (m4a) or Core Audio (caf). */
export const sniffAudio = (bytes: Uint8Array): MediaKind | null => {
  const box = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');
  if (bytes.length >= 12 && box(4, 8) === 'ftyp' && AUDIO_BRANDS.test(box(8, 12)))
    return { ext: 'm4a', contentType: 'audio/mp4' };
  if (bytes.length >= 4 && Buffer.from(bytes.subarray(0, 4)).toString('latin1') === 'caff')
    return { ext: 'caf', contentType: 'audio/x-caf' };
  return null;
};

const KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\/[0-9a-f-]{36}\.(jpg|png|gif|m4a|caf)$/;
const contentTypes = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', m4a: 'audio/mp4', caf: 'audio/x-caf' } as const;
const imageNames = { jpg: 'jpeg', png: 'png', gif: 'gif' } as const;
const isImage = (ext: MediaExt): ext is ImageExt => ext === 'jpg' || ext === 'png' || ext === 'gif';

/** Every decode stops past the pixel limit, whatever the caller checked before (stored files included). */
const decoder = (bytes: Buffer, ext: ImageExt) => sharp(bytes, { animated: ext === 'gif', limitInputPixels: IMAGE_MAX_PIXELS });

/**
 * Refuses an image of more than IMAGE_MAX_PIXELS (all frames of an animation together) from the
 * dimensions its header declares, before anything is decoded: a few kilobytes can declare an
 * image that takes gigabytes to decode. A header that cannot be read is left to the decode check.
 */
const assertPixels = async (bytes: Buffer, ext: ImageExt): Promise<void> => {
  const header = await sharp(bytes, { animated: ext === 'gif', limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!header?.width || !header.height) return;
  // An animation decodes every frame: its pixels are the frames' together.
  const frameHeight = header.pageHeight ?? header.height;
  if (header.width * frameHeight * (header.pages ?? 1) > IMAGE_MAX_PIXELS) {
    const message = mediaMessages.tooManyPixels(header.width, frameHeight);
    throw DomainError.validation('MEDIA.TOO_MANY_PIXELS', { file: message }, message);
  }
};

/** "jpeg, png or gif": the kinds a refusal names. */
const listOf = (kinds: readonly ImageExt[]): string => {
  const names = kinds.map((k) => imageNames[k]);
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
};

/**
 * Uploaded media, addressed by opaque keys (`users/7/<uuid>.jpg`), kept in the runtime's blob
 * store under `media/` (a folder under DATA_DIR, or the S3 bucket). Resized copies are made with
 * sharp on first request and kept beside them under `media-sizes/<key>/<width>`, so every api
 * process shares one cache and removing the media removes its sizes.
 */
@Injectable()
export class MediaStore {
  private readonly blobs: BlobStore;

  constructor(@Inject(BLOBS) blobs: BlobStore) {
    this.blobs = blobs;
  }

  private static checked(key: string): string {
    if (!KEY.test(key)) throw new Error(`Bad media key: ${key}`);
    return key;
  }

  private static sizesOf(key: string): string {
    return `media-sizes/${MediaStore.checked(key)}/`;
  }

  /**
   * Stores an image under `folder` and answers its key; 400 when the bytes are not one of `kinds`
   * (station photos take jpeg and png only, spec §5).
   */
  async putImage(folder: string, bytes: Buffer, kinds: readonly ImageExt[] = ['jpg', 'png', 'gif']): Promise<string> {
    const kind = sniffImage(bytes);
    if (!kind || !kinds.includes(kind.ext)) {
      const message = `Choose a ${listOf(kinds)} image.`;
      throw DomainError.validation('MEDIA.NOT_AN_IMAGE', { file: message }, message);
    }
    await assertPixels(bytes, kind.ext);
    await MediaStore.assertDecodes(bytes, kind.ext, kinds);
    return this.write(folder, kind.ext, bytes);
  }

  /** Right magic bytes over a broken body would fail every resize later: refuse it now. */
  private static async assertDecodes(bytes: Buffer, ext: ImageExt, kinds: readonly ImageExt[]): Promise<void> {
    const decodes = await decoder(bytes, ext)
      .resize({ width: 8 })
      .toBuffer()
      .then(() => true)
      .catch(() => false);
    if (!decodes) {
      const message = `This image cannot be read. Choose another ${listOf(kinds)}.`;
      throw DomainError.validation('MEDIA.UNREADABLE', { file: message }, message);
    }
  }

  /** Stores a station-note attachment: a jpeg, png or gif photo, or m4a or caf audio. */
  async putMedia(folder: string, bytes: Buffer): Promise<{ key: string; kind: 'photo' | 'audio' }> {
    const kind = sniffImage(bytes) ?? sniffAudio(bytes);
    if (!kind) {
      const message = 'Choose a jpeg, png or gif photo, or an m4a or caf recording.';
      throw DomainError.validation('MEDIA.UNSUPPORTED', { file: message }, message);
    }
    if (isImage(kind.ext)) {
      await assertPixels(bytes, kind.ext);
      await MediaStore.assertDecodes(bytes, kind.ext, ['jpg', 'png', 'gif']);
    }
    return { key: await this.write(folder, kind.ext, bytes), kind: isImage(kind.ext) ? 'photo' : 'audio' };
  }

  private async write(folder: string, ext: MediaExt, bytes: Buffer): Promise<string> {
    const key = MediaStore.checked(`${folder}/${randomUUID()}.${ext}`);
    await this.blobs.put(`media/${key}`, bytes, contentTypes[ext]);
    return key;
  }

  /**
   * The media, an image resized when a width is asked (to the next of the fixed MEDIA_WIDTHS, never
   * enlarged: at most four copies per photo); null when gone.
   */
  async read(key: string, requestedWidth?: number): Promise<{ bytes: Buffer; contentType: string } | null> {
    const ext = key.slice(key.lastIndexOf('.') + 1) as keyof typeof contentTypes;
    const original = `media/${MediaStore.checked(key)}`;
    const contentType = contentTypes[ext];
    if (!requestedWidth || !isImage(ext)) {
      const bytes = await this.blobs.get(original);
      return bytes && { bytes, contentType };
    }
    const width = mediaWidth(requestedWidth);
    const sized = `${MediaStore.sizesOf(key)}${width}.${ext}`;
    const cached = await this.blobs.get(sized);
    if (cached) return { bytes: cached, contentType };
    const source = await this.blobs.get(original);
    if (!source) return null;
    const bytes = await decoder(source, ext)
      .resize({ width, withoutEnlargement: true })
      .toBuffer()
      // Stored before uploads were decoded on the way in: the original beats an error.
      .catch(() => null);
    if (!bytes) return { bytes: source, contentType };
    await this.blobs.put(sized, bytes, contentType);
    return { bytes, contentType };
  }

  async remove(key: string): Promise<void> {
    await this.blobs.delete(`media/${MediaStore.checked(key)}`);
    for (const sized of await this.blobs.list(MediaStore.sizesOf(key))) await this.blobs.delete(sized);
  }
}
