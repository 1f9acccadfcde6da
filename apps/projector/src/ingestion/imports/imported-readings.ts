import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  fold,
  LORAWAN_MODULE_KEY,
  lorawanWebhookDecider,
  lorawanWebhookStream,
  projectDecider,
  projectStream,
  type LorawanFieldMapping,
  type LorawanWebhookEvent,
  type ProjectEvent,
} from '@groundtruth/domain';
import {
  csvColumns,
  csvReadings,
  EVENT_STORE,
  parseCsv,
  projectOfUplinkGeneration,
  type EventStore,
  type ReadingsOfFile,
} from '@groundtruth/platform';
import { uplinkReadings } from './uplink-readings.js';
import { ImportModules } from './import-modules.js';

/** An ingestion of a kind read here, as the processor found it. */
export type ImportedIngestion = {
  readonly id: number;
  readonly stationId: number;
  readonly type: 'csv' | 'lorawan';
  readonly generation: string;
  readonly version: number;
};

type Context = { readonly stationId: number; readonly ingestionId: number; readonly version: number; readonly nowMs: number };

const failed = (records: number, problem: string): ReadingsOfFile => ({
  records,
  errors: 1,
  problems: [problem],
  start: null,
  end: null,
  rows: [],
  battery: null,
  location: null,
});

/**
 * Readings of the ingestions that are not station files: CSV imports and LoRaWAN uplinks, as the
 * same rows the protobuf reader gives, for IngestionProcessor to write and reconcile. Modules the
 * readings need are found or added to the station first (ImportModules).
 */
@Injectable()
export class ImportedReadings {
  constructor(
    private readonly modules: ImportModules,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  static handles(type: string): type is ImportedIngestion['type'] {
    return type === 'csv' || type === 'lorawan';
  }

  of(ingestion: ImportedIngestion, bytes: Buffer, context: Context, userId: number | null): Promise<ReadingsOfFile> {
    return ingestion.type === 'csv'
      ? this.csv(ingestion, bytes, context, userId)
      : this.uplink(ingestion, bytes, context, userId);
  }

  private async csv(
    ingestion: ImportedIngestion,
    bytes: Buffer,
    context: Context,
    userId: number | null,
  ): Promise<ReadingsOfFile> {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return failed(0, 'The file is not UTF-8 text.');
    }
    const [header, ...records] = parseCsv(text);
    if (!header) return failed(0, 'The file has no header row.');
    let columns;
    try {
      columns = csvColumns(header.cells);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return failed(records.length, `The header row: ${error.message}`);
    }
    const moduleIds = await this.modules.moduleIds(
      ingestion.stationId,
      columns.sensors.map((c) => c.sensor.moduleKey),
      { id: ingestion.id, processedBefore: ingestion.version > 0 },
      userId,
    );
    return csvReadings(records, columns, moduleIds, context);
  }

  private async uplink(
    ingestion: ImportedIngestion,
    bytes: Buffer,
    context: Context,
    userId: number | null,
  ): Promise<ReadingsOfFile> {
    let message: unknown;
    try {
      message = JSON.parse(bytes.toString('utf8'));
    } catch {
      return failed(1, 'The uplink is not JSON.');
    }
    const projectId = projectOfUplinkGeneration(ingestion.generation);
    const webhook = projectId === null ? null : await this.webhookOf(projectId);
    if (!webhook) return failed(1, "The project's LoRaWAN webhook is gone, and with it the field mapping.");
    const moduleIds = await this.modules.moduleIds(
      ingestion.stationId,
      [LORAWAN_MODULE_KEY],
      { id: ingestion.id, processedBefore: ingestion.version > 0 },
      userId,
    );
    return uplinkReadings(message, webhook, moduleIds.get(LORAWAN_MODULE_KEY), context);
  }

  /** The project's webhook mapping as its own stream has it now; none once removed or the project deleted. */
  private async webhookOf(
    projectId: number,
  ): Promise<{ readonly mapping: readonly LorawanFieldMapping[]; readonly timePath: string | null } | null> {
    const webhook = fold(
      lorawanWebhookDecider,
      (await this.store.readStream(lorawanWebhookStream(projectId))) as unknown as LorawanWebhookEvent[],
    );
    if (webhook.status !== 'active') return null;
    const project = fold(projectDecider, (await this.store.readStream(projectStream(projectId))) as unknown as ProjectEvent[]);
    return project.status === 'active' ? { mapping: webhook.mapping, timePath: webhook.timePath } : null;
  }
}
