import { Controller, Inject, PayloadTooLargeException, Req } from '@nestjs/common';
import { DomainError, type Actor } from '@groundtruth/domain';
import { routes, type IngestionReceipt } from '@groundtruth/contracts';
import { RUNTIME, type Runtime } from '@groundtruth/platform';
import type { Request } from 'express';
import { CurrentActor, userIdOf } from '../auth/current-actor.decorator.js';
import { ApiRoute, Input } from '../common/http/api-route.decorator.js';
import { commandMetadata } from '../common/cqrs/command-metadata.js';
import { CommandGateway } from '../common/cqrs/command-gateway.js';
import { StationAccessQueries } from '../stations/queries/station-access.js';
import { ReceiveIngestionCommand } from './commands/receive-ingestion/receive-ingestion.command.js';
import { MAX_INGESTION_BYTES, parseFkHeaders } from './fk-headers.js';
import { readBody } from './imports/read-body.js';
import { IngestionProcessor, ingestionMessages } from './processing/ingestion-processor.js';

const tooLarge = () => new PayloadTooLargeException(`An upload may be at most ${MAX_INGESTION_BYTES / 1024 / 1024} MB.`);

/**
 * Station uploads (spec §7 POST /ingestion) and their reprocessing. Uploading needs the station's
 * owner or a site admin (the policy's `station.update`), like reprocessing.
 */
@Controller()
export class IngestionController {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly commands: CommandGateway,
    private readonly access: StationAccessQueries,
    private readonly processor: IngestionProcessor,
  ) {}

  @ApiRoute(routes.ingest)
  async ingest(@CurrentActor() actor: Actor, @Req() req: Request): Promise<IngestionReceipt> {
    const userId = userIdOf(actor);
    const headers = parseFkHeaders(req.headers);
    if (headers.contentLength > MAX_INGESTION_BYTES) throw tooLarge();
    const stationId = await this.stationOf(headers.deviceId);
    await this.access.authorize(actor, 'station.update', stationId);
    const body = await readBody(req, MAX_INGESTION_BYTES, tooLarge);
    if (body.length === 0) {
      throw DomainError.validation('INGESTION.BAD_HEADERS', { 'Content-Length': 'The body is empty.' }, 'The upload is empty.');
    }
    const id = await this.runtime.ids.next('ingestion');
    const blobKey = `uploads/${stationId}/${id}.${headers.type}`;
    await this.runtime.blobs.put(blobKey, body, headers.contentType);
    await this.commands.execute(
      new ReceiveIngestionCommand(
        {
          ingestionId: id,
          stationId,
          deviceId: headers.deviceId,
          generation: headers.generation,
          type: headers.type,
          size: body.length,
          blocks: headers.blocks,
          contentType: headers.contentType,
          deviceName: headers.deviceName,
          blobKey,
        },
        commandMetadata(userId),
      ),
    );
    // Embedded processing: the upload is kept whatever happens here, and can be processed again.
    await this.processor.process(id, userId, body).catch((err: unknown) => {
      this.runtime.log.error({ err, ingestionId: id }, 'processing an upload failed');
    });
    return { id, upload_id: id };
  }

  @ApiRoute(routes.processIngestion)
  async processOne(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }) {
    const r = await this.runtime.pool.query<{ station_id: string }>('SELECT station_id FROM ingestions WHERE id = $1', [id]);
    const row = r.rows[0];
    if (!row) throw new DomainError('not_found', 'INGESTION.NOT_FOUND', ingestionMessages.notFound);
    await this.access.authorize(actor, 'station.update', Number(row.station_id));
    return this.processor.process(id, userIdOf(actor));
  }

  @ApiRoute(routes.processStationIngestions)
  async processStation(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }) {
    await this.access.authorize(actor, 'station.update', id);
    return { ingestions: await this.processor.processStation(id, userIdOf(actor)) };
  }

  /** The station registered with this (canonical) device id; the oldest when duplicates from before canonical ids remain. */
  private async stationOf(deviceId: string): Promise<number> {
    const r = await this.runtime.pool.query<{ id: string }>('SELECT id FROM stations WHERE device_id = $1 ORDER BY id LIMIT 1', [
      deviceId,
    ]);
    const row = r.rows[0];
    if (!row) {
      throw new DomainError(
        'not_found',
        'INGESTION.UNKNOWN_DEVICE',
        'No station is registered with this device id. Register the station first.',
      );
    }
    return Number(row.id);
  }
}
