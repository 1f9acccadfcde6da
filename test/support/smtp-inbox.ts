import { promises as fs } from 'node:fs';
import path from 'node:path';
import addressparser from 'nodemailer/lib/addressparser';
import { SMTPServer } from 'smtp-server';

/** One message as a person would read it. `to` holds addresses only; `from` is the From header's address. */
export type ReceivedMail = {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  raw: string;
};

export type SmtpInbox = {
  /** smtp://127.0.0.1:PORT, ready for SMTP_URL. */
  url: string;
  /** Every message received so far, oldest first. */
  messages: ReceivedMail[];
  waitFor(predicate: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  clear(): void;
  close(): Promise<void>;
};

type Waiter = {
  predicate: (m: ReceivedMail) => boolean;
  resolve: (m: ReceivedMail) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
};

/** A real SMTP server on a free port of 127.0.0.1 that keeps every message: plain text, any or no credentials. */
export const startSmtpInbox = async (): Promise<SmtpInbox> => {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<Waiter>();
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'anonymous' }),
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        let mail: ReceivedMail;
        try {
          // The envelope is who the message was delivered to, Bcc included.
          mail = { ...parseMail(Buffer.concat(chunks)), to: session.envelope.rcptTo.map((r) => r.address) };
        } catch (error) {
          return callback(error instanceof Error ? error : new Error(String(error)));
        }
        messages.push(mail);
        for (const waiter of waiters) {
          if (!waiter.predicate(mail)) continue;
          clearTimeout(waiter.timer);
          waiters.delete(waiter);
          waiter.resolve(mail);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address !== 'object') throw new Error('the SMTP inbox has no port');

  return {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    waitFor(predicate, timeoutMs = 10_000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise<ReceivedMail>((resolve, reject) => {
        const waiter: Waiter = {
          predicate,
          resolve,
          reject,
          timer: setTimeout(() => {
            waiters.delete(waiter);
            const seen = messages.map((m) => `"${m.subject}" to ${m.to.join(', ')}`).join('; ') || 'none';
            reject(new Error(`no matching mail within ${timeoutMs} ms; received: ${seen}`));
          }, timeoutMs),
        };
        waiters.add(waiter);
      });
    },
    clear() {
      messages.length = 0;
    },
    async close() {
      for (const waiter of waiters) {
        clearTimeout(waiter.timer);
        waiter.reject(new Error('the SMTP inbox was closed'));
      }
      waiters.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

/** The messages the outbox mailer wrote under dataDir, oldest first (file names sort by time). */
export const readOutbox = async (dataDir: string): Promise<ReceivedMail[]> => {
  const dir = path.join(dataDir, 'outbox');
  const names = await fs.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const files = names.filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(files.map(async (name) => parseMail(await fs.readFile(path.join(dir, name)))));
};

// A small MIME reader for what nodemailer writes (mailparser is not available): folded headers, RFC 2047
// encoded words, nested multiparts, quoted-printable, base64 and 7bit/8bit bodies. Bytes are carried in
// latin1 strings (one char per byte) until a part's charset is known.

type Part = { headers: Map<string, string>; body: string };
type ContentType = { type: string; params: Map<string, string> };

export const parseMail = (raw: Buffer | string): ReceivedMail => {
  const bytes = typeof raw === 'string' ? Buffer.from(raw, 'utf8') : raw;
  const message = parsePart(bytes.toString('latin1').replace(/\r\n/g, '\n'));
  // Nodemailer ends a single-part body with a line break of its own; in a multipart, that break belongs to the boundary.
  const root = contentType(message).type.startsWith('multipart/')
    ? message
    : { ...message, body: message.body.replace(/\n$/, '') };
  const leaves = flatten(root);
  const firstOf = (type: string) => {
    const part = leaves.find(
      (p) => contentType(p).type === type && !/^attachment/i.test(p.headers.get('content-disposition') ?? ''),
    );
    return part ? decodeBody(part) : '';
  };
  const text = firstOf('text/plain');
  const html = firstOf('text/html');
  const addresses = (name: string) =>
    addressparser(headerText(root, name), { flatten: true })
      .map((a) => a.address)
      .filter(Boolean);
  return {
    to: [...addresses('to'), ...addresses('cc')],
    from: addresses('from')[0] ?? '',
    subject: headerText(root, 'subject'),
    text,
    html,
    links: [...new Set([...textLinks(text), ...hrefLinks(html)])],
    raw: bytes.toString('utf8'),
  };
};

const parsePart = (source: string): Part => {
  const split = source.startsWith('\n') ? 0 : source.indexOf('\n\n');
  const head = split < 0 ? source : source.slice(0, split);
  const body = split < 0 ? '' : source.slice(split + (split === 0 ? 1 : 2));
  const headers = new Map<string, string>();
  // Unfolding drops the line break before leading whitespace and keeps the whitespace.
  for (const line of head.replace(/\n(?=[ \t])/g, '').split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
};

const flatten = (part: Part): Part[] => {
  const { type, params } = contentType(part);
  const boundary = params.get('boundary');
  if (!type.startsWith('multipart/') || !boundary) return [part];
  const children: string[] = [];
  let current: string[] | null = null;
  for (const line of part.body.split('\n')) {
    const trimmed = line.trimEnd();
    if (trimmed === `--${boundary}--`) break;
    if (trimmed === `--${boundary}`) {
      if (current) children.push(current.join('\n'));
      current = [];
    } else {
      current?.push(line);
    }
  }
  if (current) children.push(current.join('\n'));
  return children.flatMap((child) => flatten(parsePart(child)));
};

const contentType = (part: Part): ContentType => {
  const [value = '', ...rest] = splitOutsideQuotes(part.headers.get('content-type') ?? 'text/plain', ';');
  const params = new Map<string, string>();
  for (const param of rest) {
    const eq = param.indexOf('=');
    if (eq < 0) continue;
    const raw = param.slice(eq + 1).trim();
    const unquoted = raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
    params.set(param.slice(0, eq).trim().toLowerCase(), unquoted);
  }
  return { type: value.trim().toLowerCase(), params };
};

const splitOutsideQuotes = (value: string, separator: string): string[] => {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const char = value[i]!;
    if (char === '\\' && quoted) {
      current += char + (value[i + 1] ?? '');
      i++;
    } else if (char === '"') {
      quoted = !quoted;
      current += char;
    } else if (char === separator && !quoted) {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  return [...parts, current];
};

const decodeBody = (part: Part): string => {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').trim().toLowerCase();
  const bytes =
    encoding === 'base64'
      ? Buffer.from(part.body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64')
      : Buffer.from(encoding === 'quoted-printable' ? decodeQuotedPrintable(part.body) : part.body, 'latin1');
  return decodeCharset(bytes, contentType(part).params.get('charset') ?? 'utf-8');
};

const decodeHexEscapes = (value: string): string =>
  value.replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

// Trailing blanks on a line were added in transit; a line ending in "=" is a soft break.
const decodeQuotedPrintable = (body: string): string => decodeHexEscapes(body.replace(/[ \t]+$/gm, '').replace(/=\n/g, ''));

const decodeCharset = (bytes: Buffer, charset: string): string => {
  try {
    return new TextDecoder(charset.trim()).decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
};

const encodedWord = /=\?([^?\s]+)\?([QqBb])\?([^?\s]*)\?=/g;

/** A header's value as text: raw UTF-8 bytes and RFC 2047 encoded words decoded, space between adjacent encoded words dropped. */
const headerText = (part: Part, name: string): string => {
  const value = Buffer.from(part.headers.get(name) ?? '', 'latin1').toString('utf8');
  const joined = value.replace(/(\?=)[ \t]+(?==\?[^?\s]+\?[QqBb]\?)/g, '$1');
  // Adjacent words are decoded together: a long value may split one character's bytes across two of them.
  return joined.replace(/(?:=\?[^?\s]+\?[QqBb]\?[^?\s]*\?=)+/g, (run) => {
    let charset = 'utf-8';
    const chunks: Buffer[] = [];
    for (const [, label = '', kind = '', data = ''] of run.matchAll(encodedWord)) {
      charset = label.split('*')[0] ?? charset;
      chunks.push(
        kind.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64')
          : Buffer.from(decodeHexEscapes(data.replace(/_/g, ' ')), 'latin1'),
      );
    }
    return decodeCharset(Buffer.concat(chunks), charset);
  });
};

/** URLs in plain text, without the sentence punctuation that often follows them. */
const textLinks = (text: string): string[] =>
  (text.match(/https?:\/\/[^\s<>"'()[\]]+/g) ?? []).map((url) => url.replace(/[.,;:!?]+$/, ''));

const hrefLinks = (html: string): string[] =>
  [...html.matchAll(/href\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)]
    .map((match) => decodeEntities(match[1] ?? match[2] ?? ''))
    .filter((url) => /^https?:\/\//i.test(url));

const decodeEntities = (value: string): string =>
  value.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (entity, code: string) => {
    const lower = code.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[lower] ?? entity;
  });
