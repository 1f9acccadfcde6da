import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { createMailer, RUNTIME, type Mailer, type Runtime } from '@groundtruth/platform';

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
    { provide: MAILER, inject: [RUNTIME], useFactory: (runtime: Runtime) => createMailer(runtime.config, runtime.log) },
    MailerCloser,
  ],
  exports: [MAILER],
})
export class MailModule {}
