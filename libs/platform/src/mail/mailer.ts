import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../config/config.js';
import type { Logger } from '../logging/logger.js';

export type MailMessage = { to: string; subject: string; text: string; html?: string };

export type Mailer = {
  readonly kind: 'smtp' | 'outbox';
  /** Rejects with a MailDeliveryError when the message could not be handed over; callers decide what that means. */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
};

export class MailDeliveryError extends Error {
  override readonly name = 'MailDeliveryError';
}

/** SMTP when SMTP_URL is set; otherwise every message lands as an .eml file in DATA_DIR/outbox, so nothing is lost in development. */
export const createMailer = (config: AppConfig, log: Logger): Mailer =>
  config.smtpUrl
    ? smtpMailer(config.smtpUrl, config.mailFrom, log)
    : outboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, log);

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

const smtpMailer = (smtpUrl: string, from: string, log: Logger): Mailer => {
  // Errors name the server without the credentials the URL may carry.
  const { protocol, host } = new URL(smtpUrl);
  const server = `${protocol}//${host}`;
  // Nodemailer waits minutes by default; a request that sends mail should fail in seconds instead.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    async send({ to, subject, text, html }) {
      try {
        const info = await transport.sendMail({ from, to, subject, text, html });
        log.info({ to, subject, messageId: info.messageId }, 'mail sent');
      } catch (error) {
        throw new MailDeliveryError(`could not send mail to ${to} through ${server}: ${reason(error)}`, { cause: error });
      }
    },
    async close() {
      transport.close();
    },
  };
};

const outboxMailer = (dir: string, from: string, log: Logger): Mailer => {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  let lastStamp = 0;
  // Names sort in sending order: time never repeats within a process, and colons (not allowed on Windows) become dashes.
  const fileName = () => {
    lastStamp = Math.max(Date.now(), lastStamp + 1);
    return `${new Date(lastStamp).toISOString().replaceAll(':', '-')}-${randomBytes(4).toString('hex')}.eml`;
  };
  return {
    kind: 'outbox',
    async send({ to, subject, text, html }) {
      const file = path.join(dir, fileName());
      try {
        const { message } = await composer.sendMail({ from, to, subject, text, html });
        if (!Buffer.isBuffer(message)) throw new Error('the composer returned a stream, not a buffer');
        await fs.mkdir(dir, { recursive: true });
        // Written aside and renamed, so whoever reads the outbox never sees half a message.
        await fs.writeFile(`${file}.part`, message);
        await fs.rename(`${file}.part`, file);
      } catch (error) {
        throw new MailDeliveryError(`could not write mail to ${to} into ${dir}: ${reason(error)}`, { cause: error });
      }
      log.info({ to, subject, file }, 'mail written to outbox');
    },
    async close() {
      composer.close();
    },
  };
};
