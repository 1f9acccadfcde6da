import { Injectable } from '@nestjs/common';
import { DomainError, LORAWAN_MODULE_KEY } from '@groundtruth/domain';
import type { ReadingsOfFile } from '../processing/readings-of.js';
import { csvColumns, csvReadings } from '../csv/csv-readings.js';
import { parseCsv } from '../csv/csv-text.js';
import { LorawanWebhooksQueries } from '../lorawan/lorawan-webhooks.queries.js';
import { uplinkReadings } from '../lorawan/uplink-readings.js';
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

/** `project-{id}`: the project whose webhook received an uplink (see IngestionReceived.generation). */
export const uplinkGeneration = (projectId: number): string => `project-${projectId}`;

/**
 * Readings of the ingestions that are not station files: CSV imports and LoRaWAN uplinks, as the
 * same rows the protobuf reader gives, for IngestionProcessor to write and reconcile. Modules the
 * readings need are found or added to the station first (ImportModules).
 */
@Injectable()
export class ImportedReadings {
  constructor(
    private readonly modules: ImportModules,
    private readonly webhooks: LorawanWebhooksQueries,
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
    const projectId = /^project-(\d+)$/.exec(ingestion.generation)?.[1];
    const webhook = projectId === undefined ? null : await this.webhooks.of(Number(projectId));
    if (!webhook) return failed(1, "The project's LoRaWAN webhook is gone, and with it the field mapping.");
    const moduleIds = await this.modules.moduleIds(
      ingestion.stationId,
      [LORAWAN_MODULE_KEY],
      { id: ingestion.id, processedBefore: ingestion.version > 0 },
      userId,
    );
    return uplinkReadings(message, webhook, moduleIds.get(LORAWAN_MODULE_KEY), context);
  }
}
