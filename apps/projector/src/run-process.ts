import {
  createLogger,
  loadConfig,
  LogCapture,
  openRuntime,
  type Logger,
  type Runtime,
  type RuntimeOptions,
} from '@groundtruth/platform';

/**
 * Shared life cycle of every entry point: open the stores, start, and on SIGTERM/SIGINT stop in
 * order (the app first, then the stores, embedded Postgres last). A startup failure is one clear
 * log line and exit code 1.
 */
export const runProcess = async (
  name: string,
  start: (runtime: Runtime) => Promise<{ close(): Promise<void> }>,
  options: RuntimeOptions = {},
): Promise<void> => {
  let log: Logger | null = null;
  try {
    const config = loadConfig();
    // The console's log view: lines are queued from the start and written once Postgres is open.
    const capture = config.logRetentionDays > 0 ? new LogCapture({ retentionDays: config.logRetentionDays }) : null;
    log = createLogger(config.logLevel, name, capture ? { capture } : {});
    const runtime = await openRuntime(config, log, options);
    capture?.attach(runtime.pool);
    let app: { close(): Promise<void> };
    try {
      app = await start(runtime);
    } catch (error) {
      await runtime.close();
      throw error;
    }
    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      log!.info({ signal }, 'shutting down');
      const force = setTimeout(() => process.exit(1), 15000).unref();
      try {
        await app.close();
        await capture?.close();
        await runtime.close();
        log!.info('stopped');
      } finally {
        clearTimeout(force);
        process.exit(0);
      }
    };
    process.on('SIGTERM', () => void stop('SIGTERM'));
    process.on('SIGINT', () => void stop('SIGINT'));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (log) log.fatal({ err: error }, `cannot start: ${message}`);
    process.stderr.write(`\n${name} cannot start: ${message}\n\n`);
    process.exit(1);
  }
};
