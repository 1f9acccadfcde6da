import { createHash } from 'node:crypto';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { NextFunction, Request, Response } from 'express';

/** Answers smaller than this are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|[\w.-]+\+json|[\w.-]+\+xml)\b|image\/svg\+xml)/i;

export type AnswerEncoding = 'br' | 'gzip';

/** How much a client accepts brotli and gzip (Accept-Encoding's q values; 0: not at all). */
export const acceptedEncodings = (header: string | undefined): Record<AnswerEncoding, number> => {
  const q = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    if (name) q.set(name, Number.isFinite(value) ? value : 0);
  }
  const of = (name: string) => q.get(name) ?? q.get('*') ?? 0;
  return { br: of('br'), gzip: of('gzip') };
};

/** The encoding to answer in: brotli when accepted at least as much as gzip (it is smaller), else gzip, else none. */
export const chooseEncoding = (
  header: string | undefined,
  available: readonly AnswerEncoding[] = ['br', 'gzip'],
): AnswerEncoding | null => {
  const q = acceptedEncodings(header);
  const br = available.includes('br') ? q.br : 0;
  const gzip = available.includes('gzip') ? q.gzip : 0;
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : null;
};

/** From this size brotli's fastest qualities are used: a compare chart's answer is about a megabyte. */
export const LARGE_ANSWER_BYTES = 256 * 1024;

/**
 * Brotli quality for an answer of `bytes`: 5 holds most of brotli's gain on JSON for a few ms; for
 * large answers 3, because 5 costs three times the time for about 1 % less (docs/benchmarks.md).
 */
export const brotliQualityFor = (bytes: number): number => (bytes >= LARGE_ANSWER_BYTES ? 3 : 5);

/** Gzip level likewise (for clients without brotli): 6, and 1 for large answers, six times faster for 10 % more bytes. */
export const gzipLevelFor = (bytes: number): number => (bytes >= LARGE_ANSWER_BYTES ? 1 : 6);

const compress = (body: Buffer, encoding: AnswerEncoding): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const done = (err: Error | null, out: Buffer) => (err ? reject(err) : resolve(out));
    if (encoding === 'br') {
      brotliCompress(
        body,
        {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: brotliQualityFor(body.length),
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        },
        done,
      );
    } else gzip(body, { level: gzipLevelFor(body.length) }, done);
  });

/**
 * Compressed copies of recent answers, by their bytes' digest and encoding, least recently used
 * first out, bounded in bytes. A chart answered from the cache is the same bytes each time, and a
 * digest costs about a tenth of compressing them, besides the hop to zlib's thread pool.
 */
export class CompressedCopies {
  private readonly copies = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  static keyOf(body: Buffer, encoding: AnswerEncoding): string {
    return `${encoding}:${createHash('sha256').update(body).digest('base64')}`;
  }

  get(key: string): Buffer | undefined {
    const copy = this.copies.get(key);
    if (copy) {
      this.copies.delete(key);
      this.copies.set(key, copy);
    }
    return copy;
  }

  set(key: string, copy: Buffer): void {
    if (copy.length > this.maxBytes || this.copies.has(key)) return;
    this.copies.set(key, copy);
    this.bytes += copy.length;
    for (const [oldest, old] of this.copies) {
      if (this.bytes <= this.maxBytes) break;
      this.copies.delete(oldest);
      this.bytes -= old.length;
    }
  }

  get size(): number {
    return this.copies.size;
  }
}

const addVary = (res: Response) => {
  const vary = String(res.getHeader('Vary') ?? '');
  if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary))
    res.setHeader('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
};

/**
 * Compresses JSON and text answers of at least COMPRESS_MIN_BYTES (brotli or gzip, as the client
 * accepts) in zlib's thread pool, not on the event loop. It works where answers are sent: every
 * handler's value goes through res.send (res.json calls it), while media and raw upload files are
 * written with res.end and static files are streamed, so binary and streamed answers pass untouched
 * (built assets are precompressed at build time instead). Compressed copies are kept
 * (CompressedCopies): the same bytes asked again are sent from there.
 */
export const compressAnswers =
  (copies = new CompressedCopies(32 * 1024 * 1024)) =>
  (req: Request, res: Response, next: NextFunction) => {
    const send = res.send.bind(res);
    res.send = function sendCompressed(this: Response, body?: unknown) {
      const type = String(res.getHeader('Content-Type') ?? (typeof body === 'string' ? 'text/html' : ''));
      const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.isBuffer(body) ? body : null;
      if (
        !bytes ||
        bytes.length < COMPRESS_MIN_BYTES ||
        !COMPRESSIBLE.test(type) ||
        req.method === 'HEAD' ||
        res.statusCode === 204 ||
        res.statusCode === 304 ||
        res.getHeader('Content-Encoding') ||
        /no-transform/i.test(String(res.getHeader('Cache-Control') ?? ''))
      ) {
        return send(body);
      }
      addVary(res);
      const encoding = chooseEncoding(req.header('accept-encoding'));
      if (!encoding) return send(body);
      if (!res.getHeader('Content-Type')) res.setHeader('Content-Type', `${type}; charset=utf-8`);
      const sendCompressed = (compressed: Buffer) => {
        if (res.headersSent) return;
        res.setHeader('Content-Encoding', encoding);
        send(compressed);
      };
      const key = CompressedCopies.keyOf(bytes, encoding);
      const kept = copies.get(key);
      if (kept) {
        sendCompressed(kept);
        return res;
      }
      compress(bytes, encoding).then(
        (compressed) => {
          copies.set(key, compressed);
          sendCompressed(compressed);
        },
        () => !res.headersSent && send(body),
      );
      return res;
    };
    next();
  };
