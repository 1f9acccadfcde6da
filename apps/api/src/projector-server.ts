import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { runProcess } from '@groundtruth/projector';
import { AppModule } from './app.module.js';

/**
 * Server mode (`npm run start:projector`): the projector's process. It follows the log for the read
 * models and export jobs (apps/projector) and runs the ingestion process manager, whose processing
 * code is the API's ingestion feature: so this composition root, like the embedded one, composes
 * both, without an HTTP server.
 */
await runProcess('projector', async (runtime) => {
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(runtime, { projector: true }), {
    logger: ['error', 'warn'],
  });
  await app.init();
  runtime.log.info('projector running (read models, exports, ingestion processing)');
  return app;
});
