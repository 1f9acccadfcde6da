import 'reflect-metadata';
import { Module, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { RuntimeModule, type Runtime } from '@groundtruth/platform';
import { serveHealth } from './health.js';
import { ProjectorModule } from './projector.module.js';
import { runProcess } from './run-process.js';

/** The projector alone over the runtime's stores: no API module, controller or HTTP framework. */
@Module({})
export class ProjectorAppModule {
  static forRoot(runtime: Runtime): DynamicModule {
    return { module: ProjectorAppModule, imports: [RuntimeModule.forRoot(runtime), ProjectorModule] };
  }
}

/**
 * Server mode (`npm run start:projector`): the projector's process. It follows the log for the read
 * models, runs export jobs and the ingestion process manager, and answers only GET /health (on
 * PROJECTOR_HEALTH_PORT). Run `npm run start:api` beside it.
 */
await runProcess('projector', async (runtime) => {
  const app = await NestFactory.createApplicationContext(ProjectorAppModule.forRoot(runtime), {
    logger: ['error', 'warn'],
  });
  await app.init();
  let health: Awaited<ReturnType<typeof serveHealth>>;
  try {
    health = await serveHealth(runtime.pool, runtime.config.projectorHealthPort, runtime.log);
  } catch (error) {
    await app.close();
    throw error;
  }
  runtime.log.info('projector running (read models, exports, ingestion processing)');
  return {
    close: async () => {
      await health.close();
      await app.close();
    },
  };
});
