import type { S3Client } from '@aws-sdk/client-s3';
import type { AppConfig } from '../config/config.js';
import { assertBlobKey, type BlobStore } from './blob-store.js';

/** Bucket, endpoint, region, keys and prefix, as `loadConfig` reads them from S3_*. */
export type S3Settings = NonNullable<AppConfig['s3']>;

/**
 * The AWS SDK, loaded when a bucket is configured: it is hundreds of modules, and every process
 * (and every test file) that imports the platform without S3 would otherwise load it at start.
 */
type S3Sdk = typeof import('@aws-sdk/client-s3');

const notFound = (sdk: S3Sdk, error: unknown): boolean =>
  error instanceof sdk.NoSuchKey || (error instanceof sdk.S3ServiceException && error.$metadata.httpStatusCode === 404);

/** Objects in one bucket of an S3-compatible store. */
export class S3BlobStore implements BlobStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  private constructor(
    private readonly settings: S3Settings,
    private readonly sdk: S3Sdk,
  ) {
    this.client = new sdk.S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
      maxAttempts: 3,
    });
  }

  /** Opens the store and checks the bucket answers, so a wrong setting stops startup. */
  static async open(settings: S3Settings): Promise<S3BlobStore> {
    const store = new S3BlobStore(settings, await import('@aws-sdk/client-s3'));
    try {
      await store.client.send(new store.sdk.HeadBucketCommand({ Bucket: settings.bucket }));
    } catch (error) {
      store.close();
      const where = settings.endpoint ? ` at S3_ENDPOINT ${settings.endpoint}` : '';
      const why = error instanceof Error ? error.message || error.name : String(error);
      throw new Error(`S3_BUCKET "${settings.bucket}"${where} cannot be reached: ${why}`);
    }
    return store;
  }

  private key(key: string): string {
    assertBlobKey(key);
    return this.settings.prefix ? `${this.settings.prefix}/${key}` : key;
  }

  async put(key: string, bytes: Buffer, contentType?: string): Promise<void> {
    await this.client.send(
      new this.sdk.PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.key(key),
        Body: bytes,
        ContentType: contentType ?? 'application/octet-stream',
      }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      const answer = await this.client.send(new this.sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key) }));
      if (!answer.Body) return null;
      return Buffer.from(await answer.Body.transformToByteArray());
    } catch (error) {
      if (notFound(this.sdk, error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key) }));
  }

  async list(prefix: string): Promise<string[]> {
    const strip = this.settings.prefix ? this.settings.prefix.length + 1 : 0;
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new this.sdk.ListObjectsV2Command({
          Bucket: this.settings.bucket,
          Prefix: this.settings.prefix ? `${this.settings.prefix}/${prefix}` : prefix,
          ContinuationToken: token,
        }),
      );
      for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key.slice(strip));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }

  close(): void {
    this.client.destroy();
  }
}
