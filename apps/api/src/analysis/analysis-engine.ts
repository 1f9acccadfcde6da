import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DomainError, SENSOR_DEFINITIONS, type Actor } from '@groundtruth/domain';
import { APP_CONFIG, CLICKHOUSE, type AnalysisLimits, type AppConfig, type ClickHouse } from '@groundtruth/platform';
import { ANALYSIS_TABLE_NAMES, SENSORS_TABLE, STATION_TABLE_NAMES } from './analysis-tables.js';
import { ReadableStations } from './readable-stations.js';
import { checkStatement, parseAstLines } from './statement-check.js';

/** ClickHouse's output formats for the answer's forms. */
export type AnalysisFormat = 'JSON' | 'CSVWithNames' | 'JSONEachRow';

const EXPLAIN_FORMAT = 'JSONEachRow';
/** The database's tables change with migrations only: looked up again after this long. */
const TABLES_TTL_MS = 60_000;
/** Statements kept as passed (see AnalysisEngine.passed). */
const PASSED_KEPT = 1_000;

type EngineFailure = { code: string; type?: string; message: string };
const engineFailure = (error: unknown): EngineFailure | null => {
  const e = error as Partial<EngineFailure> | null;
  return e && typeof e.code === 'string' && /^\d+$/.test(e.code) && typeof e.message === 'string' ? (e as EngineFailure) : null;
};

/** The engine's message without its internals (exception class, stack, the server's wrapper). */
const cleanMessage = (message: string): string =>
  message
    .replace(/^Code: \d+\.\s*/, '')
    .replace(/DB::Exception:\s*/g, '')
    .replace(/\s*\(version [^)]*\)\s*$/, '')
    .replace(/\. Stack trace:[\s\S]*$/, '')
    .replace(/\s*In scope [\s\S]*$/, '')
    .slice(0, 600)
    .trim();

const mib = (bytes: number): string => `${Math.round(bytes / 1024 ** 2)} MiB`;

/**
 * Runs one researcher's statement the safe way: ClickHouse formats it (one statement, comments and
 * odd spellings gone), its parser's tree is checked (statement-check.ts), and the formatted text runs
 * inside the server's settings: a filter on every analysis table to the stations the person may read,
 * the limits, and readonly last. The text that runs is the text that was checked.
 */
@Injectable()
export class AnalysisEngine implements OnModuleInit {
  private tables: { names: ReadonlySet<string>; at: number } | null = null;
  /**
   * Statements already formatted and passed, by their text (a check depends on the text and the
   * database's tables only, not on who asks): a dashboard asking the same query again skips two
   * engine calls. Refusals are not kept. Emptied when the tables are looked up again.
   */
  private readonly passed = new Map<string, string>();
  private readonly limits: AnalysisLimits;

  constructor(
    @Inject(CLICKHOUSE) private readonly ch: ClickHouse,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly readable: ReadableStations,
  ) {
    this.limits = config.analysis;
  }

  /**
   * The sensor catalogue as a table, replaced whole in one statement (several API processes may
   * start together; each writes the same rows), so a query can join keys and units.
   */
  async onModuleInit(): Promise<void> {
    const text = (value: string) => `'${value.replace(/[\\']/g, '\\$&')}'`;
    const rows = SENSOR_DEFINITIONS.map(
      (s) => `(${s.id}, ${text(s.fullKey)}, ${text(s.unitOfMeasure ?? '')}, ${text(s.aggregation === 'max' ? 'max' : 'mean')})`,
    );
    await this.ch.client.command({
      query: `CREATE OR REPLACE TABLE ${SENSORS_TABLE} ENGINE = MergeTree ORDER BY id AS
              SELECT * FROM VALUES('id UInt32, key String, unit String, aggregate LowCardinality(String)', ${rows.join(', ')})`,
    });
  }

  /** The SQL to run for `actor`, or the refusal. */
  async prepare(sql: string, actor: Actor): Promise<string> {
    if (sql.length > this.limits.maxStatementChars) {
      throw new DomainError(
        'validation',
        'ANALYSIS.STATEMENT_TOO_LONG',
        `The statement is ${sql.length} characters long; the limit is ${this.limits.maxStatementChars}.`,
      );
    }
    const formatted = await this.checked(sql);
    const stations = await this.readable.of(actor);
    return this.wrap(
      formatted,
      stations.map((s) => s.id),
    );
  }

  /**
   * The answer in `format`, chunk by chunk; an engine refusal (a limit, an unknown column) is a coded
   * 400. With a server the body streams as it comes, buffered by the server (`wait_end_of_query`) so a
   * limit hit late is still an error, never a cut answer. chDB makes the answer whole anyway: it runs
   * in the heavy lane (a session of its own, beside the charts'), and a failure clears what it left in
   * that session before the turn ends (see ClickHouse.heavy).
   */
  async *run(sql: string, format: AnalysisFormat): AsyncIterable<Uint8Array> {
    const query = `${sql}\nFORMAT ${format}`;
    try {
      if (this.ch.mode === 'http') {
        const answer = await this.ch.client.exec({ query, clickhouse_settings: { wait_end_of_query: 1 } });
        for await (const part of answer.stream as AsyncIterable<Uint8Array>) yield part;
        return;
      }
      const parts = await this.ch.heavy(async (client) => {
        try {
          const answer = await client.exec({ query });
          const whole: Uint8Array[] = [];
          for await (const part of answer.stream as AsyncIterable<Uint8Array>) whole.push(part);
          return whole;
        } catch (error) {
          await client
            .query({ query: 'SELECT 1', format: 'TabSeparated' })
            .then((r) => r.text())
            .catch(() => undefined);
          throw error;
        }
      });
      yield* parts;
    } catch (error) {
      throw this.refusalOf(error) ?? error;
    }
  }

  private async checked(sql: string): Promise<string> {
    const tables = await this.databaseTables();
    const kept = this.passed.get(sql);
    if (kept !== undefined) return kept;
    const formatted = await this.format(sql);
    await this.check(formatted, tables);
    if (this.passed.size >= PASSED_KEPT) this.passed.delete(this.passed.keys().next().value!);
    this.passed.set(sql, formatted);
    return formatted;
  }

  private async format(sql: string): Promise<string> {
    try {
      const rows = await this.ch.client.query({
        query: 'SELECT formatQuery({sql:String}) AS formatted',
        query_params: { sql },
        format: 'JSONEachRow',
      });
      const [row] = await rows.json<{ formatted: string }>();
      if (!row) throw new Error('formatQuery answered nothing');
      return row.formatted;
    } catch (error) {
      const failure = engineFailure(error);
      if (!failure) throw error;
      const message = cleanMessage(failure.message);
      if (/Multi-statements are not allowed/i.test(message)) {
        throw new DomainError(
          'validation',
          'ANALYSIS.NOT_ONE_SELECT',
          'Send one statement at a time (no “;” between statements).',
        );
      }
      throw new DomainError('validation', 'ANALYSIS.SYNTAX', `The statement cannot be read: ${message}`);
    }
  }

  private async check(formatted: string, databaseTables: ReadonlySet<string>): Promise<void> {
    let lines: string[];
    try {
      const rows = await this.ch.client.query({ query: `EXPLAIN AST ${formatted}`, format: EXPLAIN_FORMAT });
      // A server answers `{"explain": line}` rows; chDB answers each line as a bare JSON string.
      lines = (await rows.json<{ explain: string } | string>()).map((r) => (typeof r === 'string' ? r : String(r.explain)));
    } catch (error) {
      const failure = engineFailure(error);
      if (!failure) throw error;
      if (/\b(FORMAT|INTO OUTFILE)\b/i.test(formatted)) {
        throw new DomainError(
          'validation',
          'ANALYSIS.OUTPUT_NOT_ALLOWED',
          'Leave out INTO OUTFILE and FORMAT: choose the answer’s form with the download buttons (or the Accept header).',
        );
      }
      throw new DomainError('validation', 'ANALYSIS.SYNTAX', `The statement cannot be read: ${cleanMessage(failure.message)}`);
    }
    checkStatement(parseAstLines(lines), {
      analysisTables: new Set(ANALYSIS_TABLE_NAMES),
      database: this.ch.database,
      databaseTables,
      explainFormat: EXPLAIN_FORMAT,
    });
  }

  private async databaseTables(): Promise<ReadonlySet<string>> {
    if (this.tables && performance.now() - this.tables.at < TABLES_TTL_MS) return this.tables.names;
    const rows = await this.ch.client.query({
      query: 'SELECT name FROM system.tables WHERE database = {database:String}',
      query_params: { database: this.ch.database },
      format: 'JSONEachRow',
    });
    const names = new Set((await rows.json<{ name: string }>()).map((r) => r.name));
    this.tables = { names, at: performance.now() };
    this.passed.clear();
    return names;
  }

  /** The checked statement inside the server's settings: filters first, limits, readonly last. */
  private wrap(formatted: string, stationIds: readonly number[]): string {
    const filter = stationIds.length === 0 ? '0' : `station_id IN (${stationIds.map((id) => Math.trunc(id)).join(',')})`;
    const filters = STATION_TABLE_NAMES.flatMap((t) => [t, `${this.ch.database}.${t}`])
      .map((t) => `'${t.replace(/[\\']/g, '\\$&')}': '${filter}'`)
      .join(', ');
    const l = this.limits;
    return `SELECT * FROM (\n${formatted}\n)
SETTINGS additional_table_filters = {${filters}},
  max_execution_time = ${l.maxExecutionSeconds}, timeout_overflow_mode = 'throw',
  max_memory_usage = ${Math.trunc(l.maxMemoryBytes)},
  max_rows_to_read = ${Math.trunc(l.maxRowsToRead)}, read_overflow_mode = 'throw',
  max_result_rows = ${Math.trunc(l.maxResultRows)}, max_result_bytes = ${Math.trunc(l.maxResultBytes)}, result_overflow_mode = 'throw',
  max_threads = ${Math.trunc(l.maxThreads)},
  readonly = 1`;
  }

  private refusalOf(error: unknown): DomainError | null {
    const failure = engineFailure(error);
    if (!failure) return null;
    const l = this.limits;
    const limit = (message: string) => new DomainError('validation', 'ANALYSIS.LIMIT_EXCEEDED', message);
    switch (failure.code) {
      case '159':
        return limit(
          `The query ran longer than the limit of ${l.maxExecutionSeconds} s. Narrow the time range, read an aggregate level (readings_1h, readings_1d), or aggregate more.`,
        );
      case '241':
        return limit(
          `The query needed more memory than the limit of ${mib(l.maxMemoryBytes)}. Group by fewer keys or read an aggregate level.`,
        );
      case '158':
      case '307':
        return limit(
          `The query would read more than the limit of ${l.maxRowsToRead.toLocaleString('en-US')} rows. Narrow the time range or read an aggregate level.`,
        );
      case '396':
        return limit(
          `The answer (or a set built inside the query) is larger than the limit of ${l.maxResultRows.toLocaleString('en-US')} rows or ${mib(l.maxResultBytes)}. Aggregate more or add a LIMIT.`,
        );
      case '164':
        return new DomainError(
          'validation',
          'ANALYSIS.NOT_ONE_SELECT',
          'Only reading is allowed here: the query tried to change something.',
        );
      default:
        return new DomainError(
          'validation',
          'ANALYSIS.QUERY_FAILED',
          `ClickHouse could not run the query: ${cleanMessage(failure.message)}`,
        );
    }
  }
}
