import { createLogger, loadConfig, openRuntime } from '@groundtruth/platform';
const config = loadConfig({ ...process.env, DATA_DIR: '/tmp/projections-bench/data', LOG_LEVEL: 'warn', SEED_DEMO_DATA: 'false' });
const runtime = await openRuntime(config, createLogger('warn'), { clickhouse: false, reuseEmbeddedPostgres: true });
const like = '%station 99%';
const SELECT = `SELECT s.id, s.name, s.device_id, s.owner_id, u.name AS owner_name, d.recording_started_at, d.last_ingestion_at,
    s.created_at, s.updated_at, d.firmware, s.location_name, s.latitude, s.longitude, d.uploads
  FROM stations s LEFT JOIN users u ON u.id = s.owner_id LEFT JOIN station_data d ON d.station_id = s.id`;
const OLD = `WHERE (s.name ILIKE $1 OR s.device_id ILIKE $1 OR u.name ILIKE $1)`;
const NEW = `WHERE s.id IN (SELECT id FROM stations WHERE name ILIKE $1 UNION SELECT id FROM stations WHERE device_id ILIKE $1
          UNION SELECT st.id FROM users ou JOIN stations st ON st.owner_id = ou.id WHERE ou.name ILIKE $1)`;
const time = async (label, sql, params) => {
  const ms = [];
  let plan = '';
  for (let i = 0; i < 25; i++) {
    const r = await runtime.pool.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
    const p = r.rows[0]['QUERY PLAN'][0];
    ms.push(p['Execution Time']);
    if (i === 0) plan = (await runtime.pool.query(`EXPLAIN ANALYZE ${sql}`, params)).rows.map((x) => x['QUERY PLAN']).join('\n');
  }
  ms.sort((a, b) => a - b);
  console.log(`${label}: execution median ${ms[12].toFixed(1)} ms, p95 ${ms[23].toFixed(1)} ms`);
  if (process.env.PLANS) console.log(plan, '\n');
};
for (const pat of ['%station 99%', '%station 4321%', '%00be000010e1%', '%nobody%']) {
  await time(`old page ${pat}`, `${SELECT} ${OLD} ORDER BY s.id DESC LIMIT 50`, [pat]);
  await time(`old count ${pat}`, `SELECT count(*)::int FROM stations s LEFT JOIN users u ON u.id = s.owner_id ${OLD}`, [pat]);
  await time(`new page ${pat}`, `${SELECT} ${NEW} ORDER BY s.id DESC LIMIT 50`, [pat]);
  await time(`new count ${pat}`, `SELECT count(*)::int FROM stations s ${NEW}`, [pat]);
}
console.log((await runtime.pool.query(`SELECT indexname FROM pg_indexes WHERE tablename IN ('stations','users') ORDER BY 1`)).rows.map((r) => r.indexname).join(', '));
await runtime.close();
