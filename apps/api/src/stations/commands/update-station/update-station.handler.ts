import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { stationDecider, stationPiiSubject, stationStream } from '@groundtruth/domain';
import { SUBJECT_KEYS, type SubjectKeyStore } from '@groundtruth/platform';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { ReadModels } from '../../../read-models/read-models.js';
import { UpdateStationCommand } from './update-station.command.js';

/**
 * Attribute values are sealed with the owner's key. Once the owner deleted their account that key
 * is destroyed, and the decider must know to refuse new values (a 409) rather than the store
 * failing to seal them; so when attributes come, the handler asks the key store, which is what
 * sealing depends on (a read model could lag behind the erasure).
 */
@CommandHandler(UpdateStationCommand)
export class UpdateStationHandler implements ICommandHandler<UpdateStationCommand> {
  constructor(
    @Inject(SUBJECT_KEYS) private readonly keys: SubjectKeyStore,
    private readonly streams: AggregateStreams,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ input, version, meta }: UpdateStationCommand) {
    const ownerDeleted = input.attributes ? await this.ownerDeleted(input.stationId) : false;
    return this.streams.decide(
      stationDecider,
      stationStream(input.stationId),
      { type: 'UpdateStation', data: { ...input, ownerDeleted } },
      meta,
      version === null ? {} : { expected: { version } },
    );
  }

  private async ownerDeleted(stationId: number): Promise<boolean> {
    const [row] = await this.readModels.rows<{ owner_id: string }>('SELECT owner_id FROM stations WHERE id = $1', [stationId]);
    if (!row) return false; // the decider answers a missing station
    return (await this.keys.find(stationPiiSubject(Number(row.owner_id)))) === 'destroyed';
  }
}
