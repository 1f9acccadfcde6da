import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import {
  fold,
  ingestionDecider,
  ingestionStream,
  stationDecider,
  stationStream,
  type IngestionFirmware,
  type IngestionReceived,
  type RecordIngestionProcessed,
  type StationEvent,
  type StationModuleConfig,
} from '@groundtruth/domain';
import {
  APP_CONFIG,
  BLOBS,
  CLICKHOUSE,
  collectMetaModules,
  decodeMetaFile,
  EngineTurns,
  EVENT_STORE,
  ID_ALLOCATOR,
  latestModules,
  LOGGER,
  PG_POOL,
  ReadingBatch,
  ReadingsVersions,
  SensorAggregates,
  summariseMetaFile,
  type AppConfig,
  type BlobStore,
  type ClickHouse,
  type EventStore,
  type FileSummary,
  type IdAllocator,
  type Logger,
  type ModuleInfo,
  type PgPool,
  type ReadingsOfFile,
  type StationModuleRef,
} from '@groundtruth/platform';
import { ExactReadingsWrite } from './exact-readings-write.js';
import { firmwareOf } from './firmware-of.js';
import { ImportedReadings } from './imports/imported-readings.js';
import { IngestionAppends, processingMetadata } from './ingestion-appends.js';
import { MetaUploads } from './meta-uploads.js';
import { OffLoopDecoder, type DecodedData } from './off-loop-decoder.js';
import type { LevelRows } from './readings/batch-aggregates.js';
import { EMBEDDED_WRITE_SLICE_ROWS, ReadingsWriter } from './readings/readings-writer.js';
import { StationReadingsSummary } from './readings/station-readings-summary.js';

/** What processing needs of an upload, from its own stream (never from a read model). */
export type ProcessingWork = { readonly received: IngestionReceived['data']; readonly version: number };

/** What a processing came to, as IngestionProcessed records it. */
export type ProcessingOutcome = RecordIngestionProcessed['data'];

/** Namespace of the per-station advisory locks (two-int form) taken while writing readings. */
export const INGESTION_LOCK = 0x1_5e55;
/** Decoded meta uploads kept in memory: every data upload of a generation needs all of them. */
const META_CACHE_SIZE = 256;
const MODULE_INTERNAL = 1;
/**
 * Writes of more readings than one insert slice take turns with each other in embedded mode, whole
 * write by whole write, in the order they ask. chDB runs one statement at a time: two station uploads
 * written at once interleave their statements and end at about the same moment, their next uploads
 * are then decoded at the same moment too, and the engine stands idle meanwhile (measured: a third of
 * a second after every pair of station-year uploads, about an eighth of the load's time). Taking
 * turns, one upload's writes end while the other's go on, and the next upload is decoded while the
 * engine works. Charts are not concerned: their queries still go before each next statement. Small
 * writes (an uplink, a few hours of records) take no turn: behind a station-year they would wait
 * seconds for what takes milliseconds.
 */
const TURN_FROM_READINGS = EMBEDDED_WRITE_SLICE_ROWS;

/**
 * Turns a stored upload into station state and readings, then records the outcome
 * (IngestionProcessed). Meta files configure the station's modules; data files write readings to
 * ClickHouse `readings` with the next version, so processing again replaces them. Called by the
 * ingestion process manager alone (it follows the log in the projector's process). What it needs
 * besides the upload comes from event streams (the station's modules) or the manager's own index
 * (earlier meta uploads, MetaUploads), never from a read model another runner builds.
 */
@Injectable()
export class IngestionProcessor implements OnApplicationShutdown {
  constructor(
    @Inject(PG_POOL) private readonly pool: PgPool,
    @Inject(CLICKHOUSE) private readonly clickhouse: ClickHouse,
    @Inject(BLOBS) private readonly blobs: BlobStore,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(LOGGER) private readonly log: Logger,
    @Inject(ID_ALLOCATOR) private readonly ids: IdAllocator,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly appends: IngestionAppends,
    private readonly metas: MetaUploads,
    private readonly imported: ImportedReadings,
    private readonly writer: ReadingsWriter,
    private readonly aggregates: SensorAggregates,
    private readonly versions: ReadingsVersions,
    private readonly summary: StationReadingsSummary,
  ) {
    this.decoder = new OffLoopDecoder(config.ingestionWorker);
  }

  /** Reads data files off the event loop (a worker thread) where it can. */
  private readonly decoder: OffLoopDecoder;
  /** Large writes to embedded ClickHouse, one upload at a time (see TURN_FROM_READINGS). */
  private readonly turns = new EngineTurns();

  async onApplicationShutdown(): Promise<void> {
    await this.decoder.close();
  }

  // An upload's bytes never change once stored, so its decoding can be kept (by blob key).
  private readonly decodedMeta = new Map<string, ReturnType<typeof decodeMetaFile>>();

  /**
   * Processes an upload as its stream owes it (see `owedProcessing`): `received` is its
   * IngestionReceived, `version` the one to write and record. Throws only when it could not finish
   * (a store out of reach, or a newer processing recorded meanwhile): nothing is then recorded,
   * and processing again with the same version replaces whatever rows were written.
   */
  async process(
    work: ProcessingWork,
    userId: number | null,
    options: { afterInterruption?: boolean } = {},
  ): Promise<ProcessingOutcome> {
    const { received, version } = work;
    const ingestionId = received.ingestionId;
    const stationId = received.stationId;
    const row = { type: received.type, generation: received.generation, version: version - 1 };
    const bytes = await this.blobs.get(received.blobKey);

    let summary: FileSummary;
    let readings = 0;
    let battery: number | null = null;
    let location: { longitude: number; latitude: number } | null = null;
    let firmware: IngestionFirmware | null = null;
    if (bytes === null) {
      summary = { records: 0, errors: 1, problems: ['The stored upload is missing.'], start: null, end: null };
    } else if (row.type === 'meta') {
      const file = decodeMetaFile(bytes);
      summary = summariseMetaFile(file);
      firmware = firmwareOf(file);
      const modules = latestModules(file);
      // An older meta upload processed again must not take the station back to its old modules.
      if (modules && !(await this.laterMetaExists(stationId, ingestionId))) await this.configure(stationId, modules, userId);
    } else {
      const context = { stationId, ingestionId, version, nowMs: Date.now() };
      let result: ReadingsOfFile | DecodedData;
      if (ImportedReadings.handles(row.type)) {
        // CSV imports and LoRaWAN uplinks have readers of their own; writing is the same.
        const ingestion = { id: ingestionId, stationId, type: row.type, generation: row.generation, version: row.version };
        result = await this.imported.of(ingestion, Buffer.from(bytes), context, userId);
      } else {
        const metas = await this.metaModules(stationId, row.generation);
        result = await this.decoder.decode(bytes, metas, await this.stationModules(stationId), context);
      }
      // The decoder's batches come without repeats; the other readers' rows are dropped of theirs in the write.
      const imported = 'rows' in result;
      const batch = 'rows' in result ? (result.batch ?? ReadingBatch.fromRows(result.rows)) : result.batch;
      readings = await this.writeReadings(stationId, ingestionId, version, batch, {
        repeatsDropped: !imported,
        afterInterruption: options.afterInterruption ?? false,
        aggregates: 'aggregates' in result ? (result.aggregates ?? null) : null,
      });
      summary = result;
      battery = result.battery;
      location = result.location;
    }

    const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
    const outcome: ProcessingOutcome = {
      ingestionId,
      version,
      records: summary.records,
      readings,
      errors: summary.errors,
      problems: summary.problems,
      start: iso(summary.start),
      end: iso(summary.end),
      battery,
      location,
      firmware,
    };
    await this.appends.decide(
      ingestionDecider,
      ingestionStream(ingestionId),
      { type: 'RecordIngestionProcessed', data: outcome },
      processingMetadata(userId),
    );
    if (row.type === 'meta') await this.metas.recorded(ingestionId, outcome.records, outcome.errors);
    // The console's log view finds failed uploads by this line (its "errors" and "ingestions" links).
    if (outcome.errors > 0) {
      this.log.error(
        {
          ingestionId,
          stationId,
          version,
          errors: outcome.errors,
          records: outcome.records,
          problems: outcome.problems.slice(0, 5),
        },
        `upload ${ingestionId} of station ${stationId} processed with ${outcome.errors} error(s): ${outcome.problems[0] ?? ''}`,
      );
    }
    return outcome;
  }

  /** Whether a later meta upload of the station held readable records (so it configured the modules since). */
  private laterMetaExists(stationId: number, ingestionId: number): Promise<boolean> {
    return this.metas.laterUsable(stationId, ingestionId);
  }

  /** The station's modules as its own stream has them now (a meta upload just before may have set them). */
  private async stationModules(stationId: number): Promise<StationModuleRef[]> {
    const state = fold(stationDecider, (await this.store.readStream(stationStream(stationId))) as unknown as StationEvent[]);
    if (state.status !== 'active') return [];
    return state.modules.map((m) => ({ moduleId: m.moduleId, hardwareId: m.hardwareId, position: m.position }));
  }

  /** Meta records of every meta upload of this station and generation, by record number (later uploads win). */
  private async metaModules(stationId: number, generation: string): Promise<Map<number, readonly ModuleInfo[]>> {
    const metas = new Map<number, readonly ModuleInfo[]>();
    for (const blobKey of await this.metas.of(stationId, generation)) {
      const file = await this.metaFile(blobKey);
      if (file) collectMetaModules(file, metas);
    }
    return metas;
  }

  private async metaFile(blobKey: string): Promise<ReturnType<typeof decodeMetaFile> | null> {
    const known = this.decodedMeta.get(blobKey);
    if (known) return known;
    const bytes = await this.blobs.get(blobKey);
    const file = bytes && decodeMetaFile(bytes);
    // A missing blob is not remembered: it may be restored.
    if (file) {
      if (this.decodedMeta.size >= META_CACHE_SIZE) this.decodedMeta.delete(this.decodedMeta.keys().next().value!);
      this.decodedMeta.set(blobKey, file);
    }
    return file;
  }

  private async configure(stationId: number, modules: readonly ModuleInfo[], userId: number | null): Promise<void> {
    const configs: StationModuleConfig[] = [];
    const seen = new Set<string>();
    for (const m of modules) {
      const hardwareId = m.id.length > 0 ? Buffer.from(m.id).toString('hex') : null;
      const key = hardwareId ?? `at:${m.position}:${m.name}`;
      if (seen.has(key)) continue; // a station listing a module twice: the first counts
      seen.add(key);
      configs.push({
        moduleId: await this.ids.next('station_module'),
        hardwareId,
        name: m.name || `module-${m.position}`,
        position: m.position,
        internal: (m.flags & MODULE_INTERNAL) !== 0,
        sensors: m.sensors.map((s) => ({ name: s.name, unitOfMeasure: s.unitOfMeasure, order: s.number })),
      });
    }
    await this.appends.decide(
      stationDecider,
      stationStream(stationId),
      { type: 'ConfigureStationModules', data: { stationId, modules: configs } },
      processingMetadata(userId),
    );
  }

  /**
   * Writes an ingestion's readings (see ExactReadingsWrite: the aggregates stay exact), per
   * station one at a time: an advisory lock, so across processes too. Answers how many were
   * written (repeats of a reading within the upload count once).
   */
  private async writeReadings(
    stationId: number,
    ingestionId: number,
    version: number,
    batch: ReadingBatch,
    options: { repeatsDropped: boolean; afterInterruption: boolean; aggregates: readonly LevelRows[] | null },
  ): Promise<number> {
    return this.underStationLock(stationId, async () => {
      // Taken under the station's lock and given back before it: nobody waits for a station's lock
      // holding a turn.
      const write = () =>
        new ExactReadingsWrite(this.clickhouse.client, this.writer, this.aggregates).write(
          { stationId, ingestionId, version },
          batch,
          options,
        );
      const inTurn = this.clickhouse.mode === 'chdb' && batch.length > TURN_FROM_READINGS;
      const written = (inTurn ? await this.turns.run('write', write) : await write()).length;
      // Before the processing is recorded: pages read the station's readings from this summary.
      await this.summary.refresh(stationId);
      return written;
    });
  }

  /**
   * The summary of every station whose readings ClickHouse holds and the summary does not (readings
   * written before it existed), each under the station's lock. Run once at the manager's start.
   */
  async catchUpSummaries(): Promise<number> {
    const missing = await this.summary.missing();
    for (const stationId of missing) await this.underStationLock(stationId, () => this.summary.refresh(stationId));
    return missing.length;
  }

  /** `work` with the station's ingestion lock held (across processes), then its readings announced changed. */
  private async underStationLock<T>(stationId: number, work: () => Promise<T>): Promise<T> {
    const lock = await this.pool.connect();
    try {
      await lock.query('SELECT pg_advisory_lock($1, $2)', [INGESTION_LOCK, stationId]);
      return await work();
    } finally {
      // Even after a failure part of the batch may be in: cached charts of the station must go.
      await this.versions
        .changed([stationId])
        .catch((err: unknown) => this.log.warn({ err }, 'could not announce changed readings'));
      await lock.query('SELECT pg_advisory_unlock($1, $2)', [INGESTION_LOCK, stationId]).catch(() => undefined);
      lock.release();
    }
  }
}
