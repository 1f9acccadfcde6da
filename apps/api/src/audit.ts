import 'reflect-metadata';
import { AuditHistoryQuery, type AuditEvent, type AuditHistory } from '@groundtruth/contracts';
import { auditedStreamOf, AUDIT_STREAM_PATTERN, isHidden } from '@groundtruth/domain';
import { createLogger, loadConfig, openRuntime } from '@groundtruth/platform';
import { correlatedEvents, streamHistory } from './audit/queries/audit-replay.js';

/**
 * `npm run audit -- <stream> [--at N | --at-time ISO] [--from N] [--limit N] [--json]`: a stream's
 * events and its state as of one of them with the change that event made, as the API's
 * `GET /api/audit/streams/{stream}` answers a site admin; `--correlation <id>` lists what one
 * request caused. Reads the log of a running product (or of DATA_DIR's Postgres when it is stopped).
 */
const usage =
  'usage: npm run audit -- <stream> [--at N | --at-time ISO] [--from N] [--limit N] [--json]\n' +
  '       npm run audit -- --correlation <id> [--json]\n' +
  '  <stream>: project-12, station-3, user-7, ingestion-40, post-5, data-event-2, …\n';

const fail = (message: string): never => {
  process.stderr.write(`${message}\n${usage}`);
  process.exit(2);
};

const args = process.argv.slice(2);
const flags = new Map<string, string | true>();
const positional: string[] = [];
for (let i = 0; i < args.length; i += 1) {
  const arg = args[i]!;
  if (arg === '--json') flags.set('json', true);
  else if (['--at', '--at-time', '--from', '--limit', '--correlation'].includes(arg)) {
    const value = args[i + 1];
    if (value === undefined) fail(`${arg} needs a value`);
    flags.set(arg.slice(2), value!);
    i += 1;
  } else if (arg.startsWith('--')) fail(`unknown option ${arg}`);
  else positional.push(arg);
}
const json = flags.get('json') === true;
const correlation = flags.get('correlation');
const streamId = positional[0];
if ((correlation === undefined) === (streamId === undefined) || positional.length > 1) fail('name one stream, or --correlation');

const show = (value: unknown): string =>
  isHidden(value)
    ? `«${value.$hidden === 'personal' ? 'withheld' : value.$hidden}»`
    : JSON.stringify(value, (_k, v: unknown) => (isHidden(v) ? `«${v.$hidden}»` : v));

const eventLine = (e: AuditEvent): string =>
  `#${e.revision}  ${e.occurredAt}  ${e.type}  actor ${e.actor ?? 'system'}  log ${e.position}  correlation ${e.correlationId}  causation ${e.causationId}\n` +
  `      ${show(e.data)}`;

const printHistory = (h: AuditHistory): void => {
  const lines = [
    `${h.streamId} (${h.kind}): ${h.total} events; events ${h.from} to ${h.from + h.events.length - 1}`,
    ...h.events.map((e) => `${e.revision === h.at ? '▶' : ' '} ${eventLine(e)}`),
    '',
    h.at === null ? 'State before its first event:' : `State as of event #${h.at}:`,
    JSON.stringify(h.state, (_k, v: unknown) => (isHidden(v) ? `«${v.$hidden}»` : v), 2),
    '',
    h.diff.length === 0 ? 'No field changed.' : `Changed by event #${h.at}:`,
    ...h.diff.map((c) => `  ${c.path}: ${show(c.before)} → ${show(c.after)}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
};

const config = loadConfig();
const log = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, 'audit');
const runtime = await openRuntime(config, log, { clickhouse: false, reuseEmbeddedPostgres: true });
const sources = { store: runtime.store, keys: runtime.keys };
let code = 0;
try {
  if (typeof correlation === 'string') {
    // The operator sees what a site admin sees: every stream, personal fields included.
    const found = await correlatedEvents(sources, correlation, () => Promise.resolve(true), true);
    if (json) process.stdout.write(`${JSON.stringify(found, null, 2)}\n`);
    else process.stdout.write(`${found.events.map((e) => `${e.streamId}  ${eventLine(e)}`).join('\n')}\n`);
  } else {
    const named = AUDIT_STREAM_PATTERN.test(streamId!) ? auditedStreamOf(streamId!) : null;
    if (!named) fail(`${streamId} is not a stream the audit knows`);
    const query = AuditHistoryQuery.safeParse({
      at: flags.get('at'),
      atTime: flags.get('at-time'),
      from: flags.get('from'),
      limit: flags.get('limit'),
    });
    if (!query.success) fail(query.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
    const history = await streamHistory(sources, streamId!, named!.stream, query.data!, true);
    if (json) process.stdout.write(`${JSON.stringify(history, null, 2)}\n`);
    else printHistory(history);
  }
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  code = 1;
} finally {
  await runtime.close();
}
process.exit(code);
