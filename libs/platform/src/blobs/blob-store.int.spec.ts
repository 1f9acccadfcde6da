import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestS3, type TestS3 } from '../../../../test/support/s3-server.js';
import type { BlobStore } from './blob-store.js';
import { LocalBlobStore } from './local-blob-store.js';
import { S3BlobStore } from './s3-blob-store.js';

/** The same behaviour from both backends: a folder under DATA_DIR and a real S3-compatible server. */
const conformance = (name: string, open: () => Promise<{ sut: BlobStore; close: () => Promise<void> }>) => {
  describe(`${name} blob store`, () => {
    let sut: BlobStore;
    let close: () => Promise<void>;

    beforeAll(async () => {
      ({ sut, close } = await open());
    });
    afterAll(async () => close());

    it('gives back the bytes it was given', async () => {
      const bytes = Buffer.from([0, 1, 2, 250, 255]);
      await sut.put('media/a/one.bin', bytes, 'application/octet-stream');

      expect(await sut.get('media/a/one.bin')).toEqual(bytes);
    });

    it('answers null for a key it does not hold', async () => {
      expect(await sut.get('media/none/here.bin')).toBeNull();
    });

    it('replaces an object written twice', async () => {
      await sut.put('media/b/two.txt', Buffer.from('first'));
      await sut.put('media/b/two.txt', Buffer.from('second'));

      expect((await sut.get('media/b/two.txt'))?.toString()).toBe('second');
    });

    it('deletes, and deleting again is fine', async () => {
      await sut.put('media/c/three.txt', Buffer.from('x'));
      await sut.delete('media/c/three.txt');
      await sut.delete('media/c/three.txt');

      expect(await sut.get('media/c/three.txt')).toBeNull();
    });

    it('lists the keys under a folder, and only those', async () => {
      await sut.put('sizes/k1/100.jpg', Buffer.from('a'));
      await sut.put('sizes/k1/200.jpg', Buffer.from('b'));
      await sut.put('sizes/k10/100.jpg', Buffer.from('c'));

      expect(await sut.list('sizes/k1/')).toEqual(['sizes/k1/100.jpg', 'sizes/k1/200.jpg']);
      expect(await sut.list('sizes/none/')).toEqual([]);
    });

    it('refuses keys that could leave the store', async () => {
      await expect(sut.put('../escape.txt', Buffer.from('x'))).rejects.toThrow('Bad blob key');
      await expect(sut.get('media/../../etc/passwd')).rejects.toThrow('Bad blob key');
      await expect(sut.get('/abs')).rejects.toThrow('Bad blob key');
    });
  });
};

conformance('local', async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'gt-blobs-'));
  return { sut: new LocalBlobStore(dir), close: () => fs.rm(dir, { recursive: true, force: true }) };
});

conformance('S3', async () => {
  const s3: TestS3 = await startTestS3();
  const store = await S3BlobStore.open({
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    prefix: 'gt',
  });
  return {
    sut: store,
    close: async () => {
      store.close();
      await s3.close();
    },
  };
});

describe('S3 blob store startup', () => {
  it('stops with a message naming the bucket when the server does not answer', async () => {
    await expect(
      S3BlobStore.open({
        bucket: 'gt-test',
        endpoint: 'http://127.0.0.1:9',
        region: 'us-east-1',
        accessKeyId: 'k',
        secretAccessKey: 's',
        prefix: '',
      }),
    ).rejects.toThrow(/S3_BUCKET "gt-test" at S3_ENDPOINT http:\/\/127\.0\.0\.1:9 cannot be reached/);
  });

  it('stops when the bucket does not exist', async () => {
    const s3 = await startTestS3();
    try {
      await expect(
        S3BlobStore.open({
          bucket: 'missing-bucket',
          endpoint: s3.endpoint,
          region: 'us-east-1',
          accessKeyId: 'S3RVER',
          secretAccessKey: 'S3RVER',
          prefix: '',
        }),
      ).rejects.toThrow(/S3_BUCKET "missing-bucket"/);
    } finally {
      await s3.close();
    }
  });

  it('stops when the access key is unknown to the server', async () => {
    const s3 = await startTestS3();
    try {
      await expect(
        S3BlobStore.open({
          bucket: s3.bucket,
          endpoint: s3.endpoint,
          region: 'us-east-1',
          accessKeyId: 'nobody',
          secretAccessKey: 'S3RVER',
          prefix: '',
        }),
      ).rejects.toThrow(/S3_BUCKET "gt-test"/);
    } finally {
      await s3.close();
    }
  });
});
