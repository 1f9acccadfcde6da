import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export type TestS3 = {
  readonly endpoint: string;
  readonly bucket: string;
  /** The variables that point the product at this server. */
  readonly env: Record<string, string>;
  close(): Promise<void>;
};

/**
 * A real S3-compatible server (s3rver) on a free port, with one bucket and the account
 * S3RVER/S3RVER. It speaks the S3 REST protocol and checks the access key, but not the
 * signature itself (s3rver does not verify SigV4).
 */
export const startTestS3 = async (bucket = 'gt-test'): Promise<TestS3> => {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'gt-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
};
