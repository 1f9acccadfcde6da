import 'reflect-metadata';
import { createLogger, loadConfig, openRuntime, rebuildProjection } from '@groundtruth/platform';
import { projections } from './projections/index.js';

/**
 * `npm run rebuild -- <projection|all>`: replays the log into fresh tables and swaps them in while
 * the product keeps running. Connects to the same stores the product uses (DATABASE_URL, or the
 * embedded Postgres under DATA_DIR: started here if the product is not running).
 */
const target = process.argv[2];
const names = projections.map((p) => p.name);
if (!target || (target !== 'all' && !names.includes(target))) {
  process.stderr.write(`usage: npm run rebuild -- <${[...names, 'all'].join('|')}>\n`);
  process.exit(2);
}
const config = loadConfig();
const log = createLogger(config.logLevel, 'rebuild');
const runtime = await openRuntime(config, log, { clickhouse: false, reuseEmbeddedPostgres: true });
try {
  for (const projection of projections.filter((p) => target === 'all' || p.name === target)) {
    const r = await rebuildProjection(runtime.pool, runtime.store, projection, log);
    process.stdout.write(`${r.projection}: ${r.events} events read, ${r.handled} applied in ${r.seconds.toFixed(2)} s\n`);
  }
} finally {
  await runtime.close();
}
