import { Injectable } from '@nestjs/common';
import { auditedStreamOf, authorize, can, DomainError, type Actor, type AuditedStreamName } from '@groundtruth/domain';
import { StationAccessQueries } from '../../access/index.js';
import { ExportJobs } from '../../exports/index.js';
import { ProjectsQueries } from '../../projects/index.js';

const unknownStream = () =>
  new DomainError('not_found', 'AUDIT.STREAM_NOT_FOUND', 'There is no history by this name, or not one you may see.');

/** A numeric id, as project and station streams carry. */
const numericId = (id: string): number | null => (/^[1-9]\d{0,15}$/.test(id) ? Number(id) : null);

/**
 * Who may read which stream's history, through the one policy: project administrators their
 * project's (and its LoRaWAN webhook's), station owners their station's (and its notes'), site
 * admins every stream. Someone who may not even read the project or station learns nothing: 404,
 * as for a stream that does not exist.
 */
@Injectable()
export class AuditAccess {
  constructor(
    private readonly projects: ProjectsQueries,
    private readonly stations: StationAccessQueries,
    private readonly exports: ExportJobs,
  ) {}

  /** The stream's kind once the asker may read its history; throws 401, 403 or 404. */
  async authorize(streamId: string, actor: Actor): Promise<AuditedStreamName> {
    const named = auditedStreamOf(streamId);
    if (!named) throw unknownStream();
    if (can(actor, 'audit.readAny', {})) return named;
    const id = numericId(named.id);
    switch (named.stream.kind) {
      case 'project':
      case 'lorawan-webhook': {
        if (id === null) throw unknownStream();
        const { access } = await this.projects.getWithAccess(id, actor).catch(() => {
          throw unknownStream();
        });
        if (!can(actor, 'project.read', access)) throw unknownStream();
        authorize(actor, 'project.readHistory', access);
        return named;
      }
      case 'station':
      case 'station-notes': {
        if (id === null) throw unknownStream();
        const resource = await this.stations.resourceFor(id, actor).catch(() => {
          throw unknownStream();
        });
        if (!can(actor, 'station.read', resource)) throw unknownStream();
        authorize(actor, 'station.readHistory', resource);
        return named;
      }
      case 'export': {
        // Someone else's export is not there for them at all: 404, as for one that does not exist.
        const owner = id === null ? null : await this.exports.ownerOf(id);
        if (owner === null || !can(actor, 'export.readHistory', { userId: owner })) throw unknownStream();
        return named;
      }
      default:
        authorize(actor, 'audit.readAny', {});
        return named;
    }
  }

  /**
   * Whether the asker may see the stream's events (for correlations, which span streams): site
   * admins every stream's, also of kinds the audit cannot replay; others as `authorize` says.
   */
  async mayRead(streamId: string, actor: Actor): Promise<boolean> {
    if (can(actor, 'audit.readAny', {})) return true;
    try {
      await this.authorize(streamId, actor);
      return true;
    } catch (error) {
      if (error instanceof DomainError) return false;
      throw error;
    }
  }
}
