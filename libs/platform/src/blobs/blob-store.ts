/**
 * Bytes the product keeps outside its databases: uploaded media now, raw station uploads later.
 * Keys are slash-separated paths chosen by the caller (`media/users/7/<uuid>.jpg`). Two backends:
 * a folder under DATA_DIR (default) and an S3-compatible bucket (S3_BUCKET).
 */
export type BlobStore = {
  readonly kind: 'local' | 's3';
  /** Writes the whole object; a reader never sees it half written. */
  put(key: string, bytes: Buffer, contentType?: string): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the object; removing one that is not there is fine. */
  delete(key: string): Promise<void>;
  /** Keys that start with `prefix` (a folder: end it with `/`). */
  list(prefix: string): Promise<string[]>;
};

const SAFE_KEY = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

/** Refuses keys that could climb out of the store (`..`, absolute paths, empty parts). */
export const assertBlobKey = (key: string): void => {
  if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '.' || part === '..')) {
    throw new Error(`Bad blob key: ${JSON.stringify(key)}`);
  }
};
