import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Module, type DynamicModule } from '@nestjs/common';
import { RuntimeModule, type Runtime } from '@groundtruth/platform';
import { ProjectorModule } from './projector.module.js';
import { runProcess } from './run-process.js';

@Module({})
class ProjectorAppModule {
  static forRoot(runtime: Runtime): DynamicModule {
    return { module: ProjectorAppModule, imports: [RuntimeModule.forRoot(runtime), ProjectorModule] };
  }
}

/** Server mode: the projector as its own process (`npm run start:projector`). */
await runProcess('projector', async (runtime) => {
  const app = await NestFactory.createApplicationContext(ProjectorAppModule.forRoot(runtime), { logger: ['error', 'warn'] });
  await app.init();
  runtime.log.info('projector running');
  return app;
});
