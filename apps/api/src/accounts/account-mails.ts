import { Inject, Injectable } from '@nestjs/common';
import { DEFAULT_LOCALE, type Locale } from '@groundtruth/domain';
import { APP_CONFIG, LOGGER, requestContext, type AppConfig, type Logger, type Mailer } from '@groundtruth/platform';
import { TokenService } from './tokens/token.service.js';
import { MAILER } from '../mail/index.js';

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const layout = (lines: readonly string[], link: { href: string; label: string }) => ({
  text: [...lines, '', `${link.label}: ${link.href}`, '', '— Groundtruth'].join('\n'),
  html:
    `<!doctype html><html><body>` +
    lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('') +
    `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p><p>— Groundtruth</p></body></html>`,
});

/** Every account e-mail in each language of the product (spec §3: en-US, es-ES). */
const texts = {
  'en-US': {
    validation: (name: string) => ({
      subject: 'Confirm your Groundtruth account',
      lines: [
        `Hello ${name},`,
        'Please confirm this e-mail address to finish creating your Groundtruth account. The link works for 7 days.',
      ],
      label: 'Confirm my address',
    }),
    recovery: (name: string) => ({
      subject: 'Reset your Groundtruth password',
      lines: [
        `Hello ${name},`,
        'Someone (hopefully you) asked to reset the password of this Groundtruth account. The link works for one hour, once.',
        'If it was not you, ignore this e-mail: your password stays as it is.',
      ],
      label: 'Choose a new password',
    }),
    emailChanged: (name: string, newEmail: string) => ({
      subject: 'The e-mail address of your Groundtruth account was changed',
      lines: [
        `Hello ${name},`,
        `The e-mail address of your Groundtruth account was changed from this one to ${newEmail}.`,
        'If you did not do this, follow the link within 7 days: the account gets this address back and everyone signed in to it is signed out. Then choose a new password. The link works once.',
        'If it was you, there is nothing to do.',
      ],
      label: 'Undo the change',
    }),
  },
  'es-ES': {
    validation: (name: string) => ({
      subject: 'Confirma tu cuenta de Groundtruth',
      lines: [
        `Hola, ${name}:`,
        'Confirma esta dirección de correo para terminar de crear tu cuenta de Groundtruth. El enlace vale durante 7 días.',
      ],
      label: 'Confirmar mi dirección',
    }),
    recovery: (name: string) => ({
      subject: 'Restablece tu contraseña de Groundtruth',
      lines: [
        `Hola, ${name}:`,
        'Alguien (esperamos que tú) ha pedido restablecer la contraseña de esta cuenta de Groundtruth. El enlace vale una hora y una sola vez.',
        'Si no fuiste tú, ignora este correo: tu contraseña no cambia.',
      ],
      label: 'Elegir una contraseña nueva',
    }),
    emailChanged: (name: string, newEmail: string) => ({
      subject: 'Se ha cambiado la dirección de correo de tu cuenta de Groundtruth',
      lines: [
        `Hola, ${name}:`,
        `La dirección de correo de tu cuenta de Groundtruth ha cambiado de esta a ${newEmail}.`,
        'Si no fuiste tú, sigue el enlace antes de 7 días: la cuenta recupera esta dirección y se cierran todas sus sesiones. Después elige una contraseña nueva. El enlace vale una sola vez.',
        'Si fuiste tú, no tienes que hacer nada.',
      ],
      label: 'Deshacer el cambio',
    }),
  },
} as const satisfies Record<Locale, unknown>;

/** The language of the request being served (the web app sends its own choice), else English. */
export const requestLocale = (): Locale => requestContext.getStore()?.locale ?? DEFAULT_LOCALE;

/**
 * The account e-mails, written in the language of the person asking for them. Links point at the
 * web app (PUBLIC_URL), which calls the API.
 */
@Injectable()
export class AccountMails {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly log: Logger,
    @Inject(MAILER) private readonly mailer: Mailer,
    private readonly tokens: TokenService,
  ) {}

  private link(path: string): string {
    return `${this.config.publicUrl}${path}`;
  }

  /** The validation mail with a fresh link for this address (the link names it, so a replaced address's link goes stale). */
  async sendValidation(userId: number, email: string, name: string, locale: Locale): Promise<void> {
    const token = await this.tokens.signLink('validate-email', userId, { email });
    const t = texts[locale].validation(name);
    await this.mailer.send({
      to: email,
      subject: t.subject,
      ...layout(t.lines, { href: this.link(`/login/${encodeURIComponent(token)}`), label: t.label }),
    });
  }

  async sendRecovery(to: string, name: string, token: string, locale: Locale): Promise<void> {
    const t = texts[locale].recovery(name);
    const href = this.link(`/recover/complete?token=${encodeURIComponent(token)}`);
    await this.mailer.send({ to, subject: t.subject, ...layout(t.lines, { href, label: t.label }) });
  }

  /** Tells the address an account just left, with a one-use link that takes the account back. */
  async sendEmailChanged(
    userId: number,
    undoId: string,
    to: string,
    name: string,
    newEmail: string,
    locale: Locale,
  ): Promise<void> {
    const token = await this.tokens.signLink('undo-email-change', userId, { undo: undoId });
    const t = texts[locale].emailChanged(name, newEmail);
    const href = this.link(`/account/undo-email?token=${encodeURIComponent(token)}`);
    await this.mailer.send({ to, subject: t.subject, ...layout(t.lines, { href, label: t.label }) });
  }

  /** Sends without making the caller wait or fail: a lost mail can be asked for again, and timing must not tell. */
  background(send: () => Promise<void>, what: string): void {
    void send().catch((err: unknown) => this.log.error({ err, what }, 'could not send account mail'));
  }
}
