import { runProcess } from '@groundtruth/projector';
import { createApiApp } from './bootstrap.js';

/** Server mode (`npm run start:api`): the API alone; run `npm run start:projector` beside it. */
await runProcess('api', async (runtime) => {
  const app = await createApiApp(runtime, { projector: false, port: runtime.config.port });
  runtime.log.info({ port: runtime.config.port }, 'API running');
  return app;
});
