import { csvColumns, parseCsv } from '@groundtruth/platform';
import { createHash } from 'node:crypto';
import { Controller, PayloadTooLargeException, Req, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { DomainError, type Actor } from '@groundtruth/domain';
import { routes, type CsvImportResult } from '@groundtruth/contracts';
import type { Request } from 'express';
import { CurrentActor, userIdOf } from '../../accounts/index.js';
import { ApiRoute, Input } from '../../common/http/api-route.decorator.js';
import { UploadReceiver } from '../receive/upload-receiver.js';
import { readBody } from '../imports/read-body.js';
import { AuthorizeStationFirst } from '../../access/index.js';
import { ReadModels } from '../../read-models/read-models.js';

/** Largest CSV accepted (413 beyond): about 700,000 rows of a time and three values. */
export const MAX_CSV_BYTES = 20 * 1024 * 1024;
const CSV_TYPES = ['text/csv', 'text/plain', 'application/csv', 'application/vnd.ms-excel'];

const tooLarge = () => new PayloadTooLargeException(`A CSV file may be at most ${MAX_CSV_BYTES / 1024 / 1024} MB.`);
const refused = (code: string, field: string, message: string) => DomainError.validation(code, { [field]: message }, message);

/**
 * CSV imports into a station: checked enough to refuse what cannot be a readings file (400), then
 * stored and recorded like a station upload (IngestionReceived, type csv) and processed from the
 * log like one; row problems are the ingestion's errors. Needs `station.update` on the station, asked before
 * the body is read.
 */
@Controller()
export class CsvImportController {
  constructor(
    private readonly readModels: ReadModels,
    private readonly uploads: UploadReceiver,
  ) {}

  @ApiRoute(routes.importStationCsv)
  @AuthorizeStationFirst('station.update')
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MAX_CSV_BYTES, files: 1, fields: 10 } }))
  async importCsv(
    @CurrentActor() actor: Actor,
    @Input('params') { id: stationId }: { id: number },
    @Req() req: Request,
    @UploadedFile() file: { buffer: Buffer } | undefined,
  ): Promise<CsvImportResult> {
    const userId = userIdOf(actor);
    const bytes = file?.buffer ?? (await this.body(req));
    if (bytes.length === 0) throw refused('CSV.EMPTY', 'file', 'The CSV file is empty.');
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw refused('CSV.NOT_UTF8', 'file', 'The CSV file must be UTF-8 text.');
    }
    const [header, ...records] = parseCsv(text);
    if (!header) throw refused('CSV.EMPTY', 'file', 'The CSV file has no header row.');
    if (header.problem) throw refused('CSV.BAD_HEADER', 'file', `The header row: ${header.problem}.`);
    csvColumns(header.cells);

    const station = await this.readModels.row<{ device_id: string }>('SELECT device_id FROM stations WHERE id = $1', [stationId]);
    const deviceId = station?.device_id ?? '';
    const { id } = await this.uploads.receive(
      {
        stationId,
        deviceId,
        generation: createHash('sha256').update(bytes).digest('hex').slice(0, 16),
        type: 'csv',
        blocks: [records.length > 0 ? 1 : 0, records.length],
        contentType: 'text/csv',
        deviceName: null,
        body: bytes,
      },
      userId,
    );
    // Processed from the log by the ingestion process manager: GET /data/ingestions/{id} says when.
    return { id, processing: null };
  }

  /** A text/csv body (multipart went through the interceptor); refuses other content types before reading. */
  private async body(req: Request): Promise<Buffer> {
    const type = (req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type === 'multipart/form-data') throw refused('CSV.NO_FILE', 'file', 'Send the CSV file in the multipart field "file".');
    if (!CSV_TYPES.includes(type)) {
      throw refused('CSV.BAD_CONTENT_TYPE', 'Content-Type', `Send text/csv, or multipart/form-data with the file in "file".`);
    }
    const announced = Number(req.header('content-length'));
    if (announced > MAX_CSV_BYTES) throw tooLarge();
    return readBody(req, MAX_CSV_BYTES, tooLarge);
  }
}
