import { Controller, PayloadTooLargeException, Req } from '@nestjs/common';
import { DomainError, type Actor } from '@groundtruth/domain';
import {
  routes,
  type IngestionReceipt,
  type ReprocessAccepted,
  type ReprocessAcceptedList,
  type UploadState,
} from '@groundtruth/contracts';
import type { Request } from 'express';
import { CurrentActor, userIdOf } from '../accounts/index.js';
import { ApiRoute, Input } from '../common/http/api-route.decorator.js';
import { StationAccessQueries } from '../access/index.js';
import { UploadReceiver } from './receive/upload-receiver.js';
import { MAX_INGESTION_BYTES, parseFkHeaders } from './fk-headers.js';
import { readBody } from './imports/read-body.js';
import { UploadStates } from './queries/upload-states.js';
import { RequestReprocessingCommand } from './commands/request-reprocessing/request-reprocessing.command.js';
import { commandMetadata } from '../common/cqrs/command-metadata.js';
import { CommandGateway } from '../common/cqrs/command-gateway.js';
import { ReadModels } from '../read-models/read-models.js';

const tooLarge = () => new PayloadTooLargeException(`An upload may be at most ${MAX_INGESTION_BYTES / 1024 / 1024} MB.`);

/**
 * Station uploads (spec §7 POST /ingestion), their state and their reprocessing. Uploading needs
 * the station's owner or a site admin (the policy's `station.update`), like reading an upload's
 * state and reprocessing. The upload is answered once stored and recorded (UploadReceiver); the
 * ingestion process manager processes it from the log. A reprocessing is answered once asked for,
 * never after waiting for the processing (the client polls the upload's state).
 */
@Controller()
export class IngestionController {
  constructor(
    private readonly readModels: ReadModels,
    private readonly uploads: UploadReceiver,
    private readonly access: StationAccessQueries,
    private readonly states: UploadStates,
    private readonly commands: CommandGateway,
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
    const { id } = await this.uploads.receive(
      {
        stationId,
        deviceId: headers.deviceId,
        generation: headers.generation,
        type: headers.type,
        blocks: headers.blocks,
        contentType: headers.contentType,
        deviceName: headers.deviceName,
        body,
      },
      userId,
    );
    return { id, upload_id: id };
  }

  @ApiRoute(routes.uploadState)
  async state(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }): Promise<UploadState> {
    const state = await this.states.of(id);
    await this.access.authorize(actor, 'station.update', state.stationId);
    return state;
  }

  @ApiRoute(routes.processIngestion)
  async processOne(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }): Promise<ReprocessAccepted> {
    const before = await this.states.of(id);
    await this.access.authorize(actor, 'station.update', before.stationId);
    const [processed] = await this.reprocess([before], userIdOf(actor));
    return processed!;
  }

  @ApiRoute(routes.processStationIngestions)
  async processStation(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }): Promise<ReprocessAcceptedList> {
    await this.access.authorize(actor, 'station.update', id);
    // Meta files first (they say what data files mean), each kind in upload order: the process
    // manager takes a station's requests in the order they are in the log.
    const r = await this.readModels.rows<{ id: string }>(
      `SELECT id FROM ingestions WHERE station_id = $1 ORDER BY (type = 'meta') DESC, id`,
      [id],
    );
    const befores = await Promise.all(r.map((row) => this.states.of(Number(row.id))));
    return { ingestions: await this.reprocess(befores, userIdOf(actor)) };
  }

  /** Asks for the uploads to be processed again, in order, and answers where each one stands then. */
  private async reprocess(befores: readonly UploadState[], userId: number | null): Promise<ReprocessAccepted[]> {
    const accepted: ReprocessAccepted[] = [];
    for (const upload of befores) {
      await this.commands.execute(new RequestReprocessingCommand({ ingestionId: upload.id }, commandMetadata(userId)));
      const now = await this.states.of(upload.id);
      accepted.push({ id: upload.id, state: now.state, after: upload.version });
    }
    return accepted;
  }

  /** The station registered with this (canonical) device id; the oldest when duplicates from before canonical ids remain. */
  private async stationOf(deviceId: string): Promise<number> {
    const row = await this.readModels.row<{ id: string }>('SELECT id FROM stations WHERE device_id = $1 ORDER BY id LIMIT 1', [
      deviceId,
    ]);
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
