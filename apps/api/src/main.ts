import { runProcess } from '@groundtruth/projector';
import { createApiApp } from './bootstrap.js';

/** `npm start`: the whole product in one process (API, web app, projector) over embedded or configured stores. */
await runProcess('groundtruth', async (runtime) => {
  const app = await createApiApp(runtime, { projector: true, port: runtime.config.port });
  runtime.log.info({ url: `http://localhost:${runtime.config.port}` }, 'Groundtruth is running');
  return app;
});
