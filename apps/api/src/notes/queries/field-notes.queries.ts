import { Injectable } from '@nestjs/common';
import { can, DELETED_USER_NAME, DomainError, fieldNoteMessages, type Actor } from '@groundtruth/domain';
import type { FieldNote } from '@groundtruth/contracts';
import { ReadModels } from '../../read-models/read-models.js';
import { iso } from './station-notes.queries.js';

type FieldNoteRow = {
  id: string;
  station_id: string;
  author_id: string;
  body: string;
  revision: string;
  created_at: Date | string;
  updated_at: Date | string;
  author_name: string | null;
  author_photo: string | null;
  author_deleted: boolean | null;
};

const SELECT = `SELECT f.*, u.name AS author_name, u.photo AS author_photo, u.deleted AS author_deleted
  FROM field_notes f LEFT JOIN users u ON u.id = f.author_id`;

/** Field notes, with their authors as others see them, from the read models only. */
@Injectable()
export class FieldNotesQueries {
  constructor(private readonly readModels: ReadModels) {}

  private toFieldNote(r: FieldNoteRow, actor: Actor): FieldNote {
    const authorId = Number(r.author_id);
    const gone = r.author_name === null || r.author_deleted === true;
    const isAuthor = actor.kind === 'user' && actor.userId === authorId;
    return {
      id: Number(r.id),
      stationId: Number(r.station_id),
      userId: authorId,
      body: r.body,
      author: {
        id: authorId,
        name: gone ? DELETED_USER_NAME : r.author_name!,
        photo:
          !gone && r.author_photo
            ? { url: `/api/user/${authorId}/media?v=${encodeURIComponent(r.author_photo.slice(-12))}` }
            : null,
      },
      createdAt: iso(r.created_at),
      updatedAt: iso(r.updated_at),
      version: Number(r.revision),
      canEdit: can(actor, 'fieldNote.edit', { isAuthor }),
      canDelete: can(actor, 'fieldNote.delete', { isAuthor }),
    };
  }

  async list(stationId: number, actor: Actor): Promise<FieldNote[]> {
    const rows = await this.readModels.rows<FieldNoteRow>(
      `${SELECT} WHERE f.station_id = $1 ORDER BY f.created_at DESC, f.id DESC`,
      [stationId],
    );
    return rows.map((r) => this.toFieldNote(r, actor));
  }

  /** The note, if it is on that station (404 otherwise, spec: ids in the path belong to the station). */
  async get(stationId: number, fieldNoteId: number, actor: Actor): Promise<FieldNote> {
    const [row] = await this.readModels.rows<FieldNoteRow>(`${SELECT} WHERE f.id = $1 AND f.station_id = $2`, [
      fieldNoteId,
      stationId,
    ]);
    if (!row) throw new DomainError('not_found', 'FIELD_NOTE.NOT_FOUND', fieldNoteMessages.notFound);
    return this.toFieldNote(row, actor);
  }
}
