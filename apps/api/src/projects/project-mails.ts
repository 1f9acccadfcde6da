import { Inject, Injectable } from '@nestjs/common';
import type { Locale } from '@groundtruth/domain';
import { APP_CONFIG, type AppConfig, type Mailer } from '@groundtruth/platform';
import { MAILER } from '../mail/index.js';

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export type InvitationMail = {
  readonly to: string;
  readonly token: string;
  readonly projectName: string;
  /** Who sent it (their display name), or null for the system. */
  readonly inviterName: string | null;
  readonly role: 'administrator' | 'member';
  readonly locale: Locale;
};

/** The invitation e-mail in each language of the product (spec §3: en-US, es-ES). */
const texts = {
  'en-US': (m: InvitationMail) => ({
    subject: `You are invited to join ${m.projectName} on Groundtruth`,
    lines: [
      'Hello,',
      `${m.inviterName ?? 'Someone'} invites you to join the project "${m.projectName}" on Groundtruth as ${m.role === 'administrator' ? 'an administrator' : 'a member'}.`,
      'Open the link to accept or decline. If you have no Groundtruth account yet, create one with this e-mail address first.',
      'If you did not expect this invitation, you can ignore this e-mail.',
    ],
    label: 'See the invitation',
  }),
  'es-ES': (m: InvitationMail) => ({
    subject: `Te invitan a unirte a ${m.projectName} en Groundtruth`,
    lines: [
      'Hola:',
      `${m.inviterName ?? 'Alguien'} te invita a unirte al proyecto «${m.projectName}» en Groundtruth como ${m.role === 'administrator' ? 'administrador' : 'miembro'}.`,
      'Abre el enlace para aceptar o rechazar. Si aún no tienes una cuenta de Groundtruth, créala primero con esta dirección de correo.',
      'Si no esperabas esta invitación, puedes ignorar este correo.',
    ],
    label: 'Ver la invitación',
  }),
} as const satisfies Record<Locale, unknown>;

/** Project e-mails. The link points at the web app (PUBLIC_URL), whose invitation page calls the API. */
@Injectable()
export class ProjectMails {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MAILER) private readonly mailer: Mailer,
  ) {}

  async sendInvitation(mail: InvitationMail): Promise<void> {
    const t = texts[mail.locale](mail);
    const href = `${this.config.publicUrl}/projects/invitation?token=${encodeURIComponent(mail.token)}`;
    await this.mailer.send({
      to: mail.to,
      subject: t.subject.replace(/\s+/g, ' '),
      text: [...t.lines, '', `${t.label}: ${href}`, '', '— Groundtruth'].join('\n'),
      html:
        '<!doctype html><html><body>' +
        t.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('') +
        `<p><a href="${escapeHtml(href)}">${escapeHtml(t.label)}</a></p><p>— Groundtruth</p></body></html>`,
    });
  }
}
