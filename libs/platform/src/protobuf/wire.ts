/**
 * A small protobuf (proto3) wire codec driven by field descriptors: varints, 64-bit, length-delimited
 * and 32-bit fields. Decoding never trusts its input: every read is bounds-checked and a problem
 * becomes a ProtobufError naming the offset, never a crash or an endless loop. Unknown fields are
 * skipped, as protobuf requires.
 */

export class ProtobufError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(`${message} (at byte ${offset})`);
    this.name = 'ProtobufError';
  }
}

export type ScalarType = 'uint32' | 'uint64' | 'int64' | 'bool' | 'float' | 'string' | 'bytes';

export type FieldSpec = {
  readonly name: string;
  readonly number: number;
  readonly type: ScalarType | MessageSchema;
  readonly repeated?: boolean;
  /** Encoded whenever set (even 0 / false), left undefined when absent (proto3 `optional` / oneof members). */
  readonly optional?: boolean;
};

export type MessageSchema = { readonly name: string; readonly fields: readonly FieldSpec[] };

type Fields = Record<string, unknown>;

const WIRE_VARINT = 0;
const WIRE_I64 = 1;
const WIRE_LEN = 2;
const WIRE_I32 = 5;

const TWO_32 = 4294967296;
const utf8 = new TextDecoder('utf-8', { fatal: true });
const utf8Encoder = new TextEncoder();

const wireTypeOf = (type: FieldSpec['type']): number => {
  if (typeof type !== 'string') return WIRE_LEN;
  switch (type) {
    case 'float':
      return WIRE_I32;
    case 'string':
    case 'bytes':
      return WIRE_LEN;
    default:
      return WIRE_VARINT;
  }
};

// ---------------------------------------------------------------- reading

export class Reader {
  pos: number;
  constructor(
    readonly buf: Uint8Array,
    start = 0,
    readonly end = buf.length,
  ) {
    this.pos = start;
  }

  get done(): boolean {
    return this.pos >= this.end;
  }

  /** An unsigned varint as lo/hi 32-bit halves (at most 10 bytes). */
  varint64(): { lo: number; hi: number } {
    let lo = 0;
    let hi = 0;
    const start = this.pos;
    for (let i = 0; i < 10; i++) {
      if (this.pos >= this.end) throw new ProtobufError('Truncated varint', start);
      const b = this.buf[this.pos++] as number;
      const bits = b & 0x7f;
      if (i < 4) lo |= bits << (7 * i);
      else if (i === 4) {
        lo |= (bits & 0x0f) << 28;
        hi |= bits >> 4;
      } else hi |= bits << (7 * i - 32);
      if ((b & 0x80) === 0) return { lo: lo >>> 0, hi: hi >>> 0 };
    }
    throw new ProtobufError('Varint longer than 10 bytes', start);
  }

  /** An unsigned varint as a number (exact up to 2^53). */
  uint(): number {
    // Fast path: one byte (tags, small numbers).
    if (this.pos < this.end) {
      const b = this.buf[this.pos] as number;
      if (b < 0x80) {
        this.pos += 1;
        return b;
      }
    }
    const { lo, hi } = this.varint64();
    return hi * TWO_32 + lo;
  }

  /** A two's complement int64 varint as a number. */
  int64(): number {
    const { lo, hi } = this.varint64();
    if (hi & 0x80000000) return -((~hi >>> 0) * TWO_32 + (~lo >>> 0) + 1);
    return hi * TWO_32 + lo;
  }

  bytes(length: number): Uint8Array {
    if (length < 0 || this.pos + length > this.end) {
      throw new ProtobufError(`Truncated field: ${length} bytes announced, ${this.end - this.pos} left`, this.pos);
    }
    const out = this.buf.subarray(this.pos, this.pos + length);
    this.pos += length;
    return out;
  }

  skip(wireType: number): void {
    switch (wireType) {
      case WIRE_VARINT:
        this.varint64();
        return;
      case WIRE_I64:
        this.bytes(8);
        return;
      case WIRE_LEN:
        this.bytes(this.uint());
        return;
      case WIRE_I32:
        this.bytes(4);
        return;
      default:
        throw new ProtobufError(`Unsupported wire type ${wireType}`, this.pos);
    }
  }
}

const defaultOf = (field: FieldSpec): unknown => {
  if (field.repeated) return [];
  if (field.optional || typeof field.type !== 'string') return undefined;
  switch (field.type) {
    case 'bool':
      return false;
    case 'string':
      return '';
    case 'bytes':
      return new Uint8Array(0);
    default:
      return 0;
  }
};

const readValue = (reader: Reader, field: FieldSpec, depth: number): unknown => {
  const type = field.type;
  if (typeof type !== 'string') {
    const length = reader.uint();
    const start = reader.pos;
    reader.bytes(length);
    return decodeRange(type, reader.buf, start, start + length, depth + 1);
  }
  switch (type) {
    case 'uint32':
      return reader.uint() % TWO_32;
    case 'uint64':
      return reader.uint();
    case 'int64':
      return reader.int64();
    case 'bool':
      return reader.uint() !== 0;
    case 'float': {
      const b = reader.bytes(4);
      return new DataView(b.buffer, b.byteOffset, 4).getFloat32(0, true);
    }
    case 'string': {
      const at = reader.pos;
      const b = reader.bytes(reader.uint());
      try {
        return utf8.decode(b);
      } catch {
        throw new ProtobufError(`${field.name} is not valid UTF-8`, at);
      }
    }
    case 'bytes':
      return Uint8Array.from(reader.bytes(reader.uint()));
  }
};

const MAX_DEPTH = 16;

function decodeRange(schema: MessageSchema, buf: Uint8Array, start: number, end: number, depth: number): Fields {
  if (depth > MAX_DEPTH) throw new ProtobufError('Messages nested too deep', start);
  const out: Fields = {};
  for (const field of schema.fields) out[field.name] = defaultOf(field);
  const reader = new Reader(buf, start, end);
  while (!reader.done) {
    const tagAt = reader.pos;
    const tag = reader.uint();
    const number = Math.floor(tag / 8);
    const wireType = tag % 8;
    if (number === 0) throw new ProtobufError(`${schema.name}: field number 0`, tagAt);
    const field = schema.fields.find((f) => f.number === number);
    if (field === undefined) {
      reader.skip(wireType);
      continue;
    }
    if (wireType !== wireTypeOf(field.type)) {
      throw new ProtobufError(`${schema.name}.${field.name}: wire type ${wireType}, expected ${wireTypeOf(field.type)}`, tagAt);
    }
    const value = readValue(reader, field, depth);
    if (field.repeated) (out[field.name] as unknown[]).push(value);
    else out[field.name] = value;
  }
  return out;
}

/** Decodes one message (no length prefix); throws ProtobufError on malformed input (offsets into `bytes`). */
export function decodeWith(schema: MessageSchema, bytes: Uint8Array): Fields {
  return decodeRange(schema, bytes, 0, bytes.length, 0);
}

// ---------------------------------------------------------------- writing

export class Writer {
  private buf = new Uint8Array(64);
  private len = 0;

  private reserve(n: number): void {
    if (this.len + n <= this.buf.length) return;
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.len + n));
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
  }

  varint(value: number | bigint): void {
    this.reserve(10);
    if (typeof value === 'number' && value >= 0 && value <= Number.MAX_SAFE_INTEGER) {
      // Fast path without BigInt: non-negative safe integers (nearly every field).
      let v = Math.trunc(value);
      while (v >= 0x80) {
        this.buf[this.len++] = (v % 0x80) | 0x80;
        v = Math.floor(v / 0x80);
      }
      this.buf[this.len++] = v;
      return;
    }
    let v = typeof value === 'bigint' ? BigInt.asUintN(64, value) : BigInt.asUintN(64, BigInt(Math.trunc(value)));
    while (v >= 0x80n) {
      this.buf[this.len++] = Number(v & 0x7fn) | 0x80;
      v >>= 7n;
    }
    this.buf[this.len++] = Number(v);
  }

  raw(bytes: Uint8Array): void {
    this.reserve(bytes.length);
    this.buf.set(bytes, this.len);
    this.len += bytes.length;
  }

  finish(): Uint8Array {
    return this.buf.slice(0, this.len);
  }
}

const isDefault = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  value === 0 ||
  value === false ||
  value === '' ||
  (value instanceof Uint8Array && value.length === 0);

const writeValue = (w: Writer, field: FieldSpec, value: unknown): void => {
  const type = field.type;
  w.varint(field.number * 8 + wireTypeOf(type));
  if (typeof type !== 'string') {
    const body = encodeWith(type, value as Fields);
    w.varint(body.length);
    w.raw(body);
    return;
  }
  switch (type) {
    case 'uint32':
    case 'uint64':
    case 'int64':
      w.varint(value as number);
      return;
    case 'bool':
      w.varint(value ? 1 : 0);
      return;
    case 'float': {
      const b = new Uint8Array(4);
      new DataView(b.buffer).setFloat32(0, value as number, true);
      w.raw(b);
      return;
    }
    case 'string': {
      const b = utf8Encoder.encode(value as string);
      w.varint(b.length);
      w.raw(b);
      return;
    }
    case 'bytes': {
      const b = value as Uint8Array;
      w.varint(b.length);
      w.raw(b);
      return;
    }
  }
};

/** Encodes one message (no length prefix). Proto3: default scalars are left out unless `optional`. */
export function encodeWith(schema: MessageSchema, message: Fields): Uint8Array {
  const w = new Writer();
  for (const field of schema.fields) {
    const value = message[field.name];
    if (field.repeated) {
      for (const item of (value as unknown[] | undefined) ?? []) writeValue(w, field, item);
    } else if (field.optional || typeof field.type !== 'string' ? value !== undefined && value !== null : !isDefault(value)) {
      writeValue(w, field, value);
    }
  }
  return w.finish();
}

// ---------------------------------------------------------------- length-delimited streams

/** Largest message a station writes in one length-delimited frame. */
export const MAX_DELIMITED_MESSAGE_BYTES = 10 * 1024;

export type DelimitedFrame = { readonly offset: number; readonly bytes: Uint8Array };

export type DelimitedSplit = {
  readonly frames: DelimitedFrame[];
  /** Why the stream stopped early (truncated, oversized frame, bad varint), with the offset; null when read to the end. */
  readonly error: ProtobufError | null;
};

/** Frames each message with its varint length. */
export function encodeDelimited(messages: readonly Uint8Array[]): Uint8Array {
  const parts: Uint8Array[] = [];
  let total = 0;
  for (const message of messages) {
    const w = new Writer();
    w.varint(message.length);
    const prefix = w.finish();
    parts.push(prefix, message);
    total += prefix.length + message.length;
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Splits a length-delimited stream; what could be read before a problem is kept. */
export function splitDelimited(stream: Uint8Array, maxMessageBytes = MAX_DELIMITED_MESSAGE_BYTES): DelimitedSplit {
  const frames: DelimitedFrame[] = [];
  const error = forEachDelimited(
    stream,
    (offset, end) => frames.push({ offset, bytes: stream.subarray(offset, end) }),
    maxMessageBytes,
  );
  return { frames, error };
}

/**
 * Visits each frame of a length-delimited stream as [offset, end) of `stream`, allocating nothing
 * per frame (a station's year is half a million frames); answers why it stopped early, or null.
 */
export function forEachDelimited(
  stream: Uint8Array,
  frame: (offset: number, end: number) => void,
  maxMessageBytes = MAX_DELIMITED_MESSAGE_BYTES,
): ProtobufError | null {
  const reader = new Reader(stream);
  try {
    while (!reader.done) {
      const at = reader.pos;
      const length = reader.uint();
      if (length > maxMessageBytes)
        throw new ProtobufError(`Message of ${length} bytes is over the ${maxMessageBytes}-byte limit`, at);
      const offset = reader.pos;
      if (offset + length > stream.length) {
        throw new ProtobufError(`Truncated field: ${length} bytes announced, ${stream.length - offset} left`, offset);
      }
      reader.pos = offset + length;
      frame(offset, offset + length);
    }
  } catch (error) {
    if (error instanceof ProtobufError) return error;
    throw error;
  }
  return null;
}
