import { Inject, Injectable } from '@nestjs/common';
import type { IngestionType } from '@groundtruth/domain';
import { BLOBS, ID_ALLOCATOR, type BlobStore, type IdAllocator } from '@groundtruth/platform';
import { commandMetadata } from '../../common/cqrs/command-metadata.js';
import { CommandGateway } from '../../common/cqrs/command-gateway.js';
import { ReceiveIngestionCommand } from '../commands/receive-ingestion/receive-ingestion.command.js';

/** An upload as its controller adapted it: who sent it for which station, and its raw bytes. */
export type IncomingUpload = {
  readonly stationId: number;
  readonly deviceId: string;
  readonly generation: string;
  readonly type: IngestionType;
  /** First and last record numbers (Fk-Blocks; a CSV import: 1 and its rows; an uplink: its f_cnt twice). */
  readonly blocks: readonly [number, number];
  readonly contentType: string;
  readonly deviceName: string | null;
  readonly body: Buffer;
};

/**
 * The one upload path every way data comes in shares (station protobuf files, CSV imports,
 * LoRaWAN uplinks): the caller has checked the sender's permission and adapted its input; here the
 * raw body is stored and `IngestionReceived` appended, and the receipt is the ingestion's id.
 * Processing is not done here: the ingestion process manager follows the log and does it.
 */
@Injectable()
export class UploadReceiver {
  constructor(
    @Inject(BLOBS) private readonly blobs: BlobStore,
    @Inject(ID_ALLOCATOR) private readonly ids: IdAllocator,
    private readonly commands: CommandGateway,
  ) {}

  async receive(upload: IncomingUpload, userId: number | null): Promise<{ id: number }> {
    const id = await this.ids.next('ingestion');
    const blobKey = `uploads/${upload.stationId}/${id}.${upload.type}`;
    await this.blobs.put(blobKey, upload.body, upload.contentType);
    await this.commands.execute(
      new ReceiveIngestionCommand(
        {
          ingestionId: id,
          stationId: upload.stationId,
          deviceId: upload.deviceId,
          generation: upload.generation,
          type: upload.type,
          size: upload.body.length,
          blocks: upload.blocks,
          contentType: upload.contentType,
          deviceName: upload.deviceName,
          blobKey,
        },
        commandMetadata(userId),
      ),
    );
    return { id };
  }
}
