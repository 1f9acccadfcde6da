import { Inject, Injectable } from '@nestjs/common';
import { RUNTIME, type Mailer, type Runtime } from '@groundtruth/platform';
import { TokenService } from '../auth/tokens/token.service.js';
import { MAILER } from '../mail/mail.module.js';

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const layout = (lines: readonly string[], link: { href: string; label: string }) => ({
  text: [...lines, '', `${link.label}: ${link.href}`, '', '— Groundtruth'].join('\n'),
  html:
    lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('') +
    `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p><p>— Groundtruth</p>`,
});

/** The account e-mails. Links point at the web app (PUBLIC_URL), which calls the API. */
@Injectable()
export class AccountMails {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(MAILER) private readonly mailer: Mailer,
    private readonly tokens: TokenService,
  ) {}

  /** The validation mail with a fresh link for this address (the link names it, so a replaced address's link goes stale). */
  async sendValidation(userId: number, email: string, name: string): Promise<void> {
    await this.validation(email, name, await this.tokens.signLink('validate-email', userId, { email }));
  }

  private link(path: string): string {
    return `${this.runtime.config.publicUrl}${path}`;
  }

  validation(to: string, name: string, token: string): Promise<void> {
    return this.mailer.send({
      to,
      subject: 'Confirm your Groundtruth account',
      ...layout(
        [
          `Hello ${name},`,
          'Please confirm this e-mail address to finish creating your Groundtruth account. The link works for 7 days.',
        ],
        { href: this.link(`/login/${encodeURIComponent(token)}`), label: 'Confirm my address' },
      ),
    });
  }

  recovery(to: string, name: string, token: string): Promise<void> {
    return this.mailer.send({
      to,
      subject: 'Reset your Groundtruth password',
      ...layout(
        [
          `Hello ${name},`,
          'Someone (hopefully you) asked to reset the password of this Groundtruth account. The link works for one hour, once.',
          'If it was not you, ignore this e-mail: your password stays as it is.',
        ],
        { href: this.link(`/recover/complete?token=${encodeURIComponent(token)}`), label: 'Choose a new password' },
      ),
    });
  }

  /** Sends without making the caller wait or fail: a lost mail can be asked for again, and timing must not tell. */
  background(send: () => Promise<void>, what: string): void {
    void send().catch((err: unknown) => this.runtime.log.error({ err, what }, 'could not send account mail'));
  }
}
