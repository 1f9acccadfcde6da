import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, createMailer, LOGGER, type AppConfig, type Logger, type Mailer } from '@groundtruth/platform';

export const MAILER = Symbol('MAILER');

class MailerCloser implements OnApplicationShutdown {
  constructor(@Inject(MAILER) private readonly mailer: Mailer) {}
  async onApplicationShutdown(): Promise<void> {
    await this.mailer.close();
  }
}

/** Outgoing mail: SMTP when SMTP_URL is set, else .eml files in DATA_DIR/outbox. */
@Global()
@Module({
  providers: [
    { provide: MAILER, inject: [APP_CONFIG, LOGGER], useFactory: (config: AppConfig, log: Logger) => createMailer(config, log) },
    MailerCloser,
  ],
  exports: [MAILER],
})
export class MailModule {}
