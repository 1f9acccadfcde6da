import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { freePort } from '../../../../test/support/free-port.js';
import { readOutbox, startSmtpInbox, type ReceivedMail, type SmtpInbox } from '../../../../test/support/smtp-inbox.js';
import { loadConfig } from '../config/config.js';
import { createLogger } from '../logging/logger.js';
import { createMailer, MailDeliveryError, type Mailer, type MailMessage } from './mailer.js';

// Longer than a quoted-printable line, with "=" and "&" that the encoding must escape and restore.
const link =
  'https://groundtruth.example.org/account/verify?token=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiIsInB1cnBvc2UiOiJ2ZXJpZnkifQ==' +
  '&next=%2Fstations%3Fpage%3D2&lang=es';

const verification: MailMessage = {
  to: 'ana.garcia@example.org',
  subject: 'Valida tu cuenta — Groundtruth ñ',
  text: `Hola Ana:\n\nPara validar tu cuenta abre este enlace:\n${link}\n\nSi no creaste una cuenta, ignora este mensaje.`,
  html: `<p>Hola Ana:</p>\n<p><a href="${link.replaceAll('&', '&amp;')}">Validar mi cuenta</a></p>`,
};

// Mostly non-ASCII, so nodemailer picks base64 for the body and B encoded words for a subject long enough to fold.
const japanese: MailMessage = {
  to: 'kenji@example.jp',
  subject: 'アカウントを確認してください。グラウンドトゥルースへようこそ。ステーションの登録を続けましょう。',
  text: `アカウントを確認してください。下のリンクを開くと、観測ステーションの登録を続けられます。\n${link}\nこのメールに心当たりがない場合は、何もしないでください。ご不明な点があれば、サポートまでお問い合わせください。観測データの共有を心から楽しみにしています。よろしくお願いします。`,
};

const expected = (message: MailMessage): Omit<ReceivedMail, 'raw'> => ({
  to: [message.to],
  from: 'no-reply@groundtruth.local',
  subject: message.subject,
  text: message.text,
  html: message.html ?? '',
  links: [link],
});

const withoutRaw = ({ raw: _raw, ...mail }: ReceivedMail) => mail;

describe('mailer', () => {
  let dataDir: string;
  let sut: Mailer | undefined;

  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gt-mail-'));
  });

  afterEach(async () => {
    await sut?.close();
    sut = undefined;
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  describe('with SMTP_URL', () => {
    let inbox: SmtpInbox;

    beforeAll(async () => {
      inbox = await startSmtpInbox();
    });

    afterAll(async () => {
      await inbox.close();
    });

    beforeEach(() => inbox.clear());

    it('delivers the subject, text, html and links intact when they need encoding', async () => {
      const credentials = inbox.url.replace('smtp://', 'smtp://mailer:s3cret@');
      sut = createMailer(loadConfig({ DATA_DIR: dataDir, SMTP_URL: credentials }), createLogger('silent'));

      await sut.send(verification);
      const received = await inbox.waitFor((m) => m.to.includes(verification.to));

      expect(sut.kind).toBe('smtp');
      expect(withoutRaw(received)).toEqual(expected(verification));
      expect(received.raw).toMatch(/^Subject: =\?UTF-8\?Q\?/m);
      expect(received.raw).toContain('=\r\n'); // a soft line break in the quoted-printable body
      await expect(fs.readdir(dataDir)).resolves.toEqual([]);
    });

    it('delivers base64 bodies and folded B-encoded subjects intact', async () => {
      sut = createMailer(loadConfig({ DATA_DIR: dataDir, SMTP_URL: inbox.url }), createLogger('silent'));

      await sut.send(japanese);
      const received = await inbox.waitFor((m) => m.to.includes(japanese.to));

      expect(withoutRaw(received)).toEqual(expected(japanese));
      expect(received.raw).toMatch(/^Subject: =\?UTF-8\?B\?.*\?=\r\n =\?UTF-8\?B\?/m);
      expect(received.raw).toMatch(/^Content-Transfer-Encoding: base64/m);
    });

    it('rejects with a MailDeliveryError that hides the credentials when the server cannot be reached', async () => {
      const port = await freePort();
      sut = createMailer(
        loadConfig({ DATA_DIR: dataDir, SMTP_URL: `smtp://mailer:s3cret@127.0.0.1:${port}` }),
        createLogger('silent'),
      );

      const sending = sut.send(verification);

      await expect(sending).rejects.toThrow(MailDeliveryError);
      await expect(sending).rejects.toThrow(`could not send mail to ${verification.to} through smtp://127.0.0.1:${port}`);
      await expect(sending).rejects.not.toThrow('s3cret');
    });
  });

  describe('without SMTP_URL', () => {
    it('writes each message to DATA_DIR/outbox as the SMTP server would have received it, and logs it', async () => {
      const lines: string[] = [];
      const capture = new Writable({
        write: (chunk: Buffer, _encoding, done) => {
          lines.push(chunk.toString());
          done();
        },
      });
      const log = pino({ level: 'info' }, capture);
      sut = createMailer(loadConfig({ DATA_DIR: dataDir }), log);

      await sut.send(verification);
      await sut.send(japanese);
      const outbox = await readOutbox(dataDir);

      expect(sut.kind).toBe('outbox');
      expect(outbox.map(withoutRaw)).toEqual([expected(verification), expected(japanese)]);
      const files = (await fs.readdir(path.join(dataDir, 'outbox'))).sort();
      expect(files).toEqual([
        expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-[0-9a-f]{8}\.eml$/),
        expect.any(String),
      ]);
      const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(entries[0]).toMatchObject({
        level: 30,
        msg: 'mail written to outbox',
        to: verification.to,
        subject: verification.subject,
        file: path.join(dataDir, 'outbox', files[0]!),
      });
    });

    it('reads an outbox that does not exist yet as empty', async () => {
      await expect(readOutbox(dataDir)).resolves.toEqual([]);
    });
  });
});
