import type { Request } from 'express';

/** Reads a request's raw body, giving up with `tooLarge()` as soon as more than `limit` bytes arrived. */
export const readBody = (req: Request, limit: number, tooLarge: () => Error): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
