import express, { type RequestHandler } from 'express';
import { jsonNestingExceeds, MAX_JSON_DEPTH } from './json-depth.js';

/** What the error filter answers for a body nested too deep (type as body-parser's own errors carry one). */
export const tooDeep = {
  type: 'entity.too.deep',
  code: 'REQUEST.TOO_DEEP',
  message: `The request body nests arrays or objects more than ${MAX_JSON_DEPTH} levels deep.`,
} as const;

const bodyError = (status: number, type: string, message: string): Error =>
  Object.assign(new Error(message), { status, statusCode: status, expose: true, type });

/** The body as UTF-8 bytes: JSON is UTF-8 (RFC 8259); other UTF charsets body-parser accepts are re-encoded first. */
const utf8Of = (body: Buffer, charset: string): Buffer => {
  if (charset === 'utf-8' || charset === 'utf8') return body;
  try {
    return Buffer.from(new TextDecoder(charset, { fatal: false }).decode(body), 'utf8');
  } catch {
    throw bodyError(415, 'charset.unsupported', `The charset ${charset} is not supported.`);
  }
};

/**
 * The one JSON body reader of the API (every route, webhooks too). It keeps the bytes as they came
 * (`req.rawBody`: a LoRaWAN uplink is stored as it came) and refuses a body nested deeper than
 * MAX_JSON_DEPTH with a 400 after one linear pass over the bytes, before JSON.parse and before
 * anything walks the parsed value: 10,000 nested arrays in 20 kB used to overflow the stack of the
 * input checks (a 500) and take them quadratic time.
 */
export const jsonBodyParser = (limit = '1mb'): RequestHandler =>
  express.json({
    limit,
    verify: (req, _res, body, charset) => {
      (req as { rawBody?: Buffer }).rawBody = body;
      if (jsonNestingExceeds(utf8Of(body, charset || 'utf-8'))) throw bodyError(400, tooDeep.type, tooDeep.message);
    },
  });
