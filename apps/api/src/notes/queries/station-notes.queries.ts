import { Injectable } from '@nestjs/common';
import { can, defaultNoteTitle, isFilledNote, notesCompletion, type Actor, type StationResource } from '@groundtruth/domain';
import type { StationNote, StationNoteMedia, StationNotes } from '@groundtruth/contracts';
import { stationMediaTable, stationNotesTable, type StationMediaRow, type StationNoteRow } from '@groundtruth/platform';
import { ReadModels } from '../../read-models/read-models.js';

/** A row of `station_media` (described once, in the platform's read-model rows). */
export type { StationMediaRow };

export const iso = (v: Date | string): string => (v instanceof Date ? v : new Date(v)).toISOString();

export const toMediaItem = (r: StationMediaRow): StationNoteMedia => ({
  id: Number(r.id),
  key: r.media_key.slice(r.media_key.lastIndexOf('/') + 1),
  noteKey: r.key,
  kind: r.kind,
  contentType: r.content_type,
  url: `/api/stations/${r.station_id}/media/${r.id}`,
  stationImage: r.is_station_image,
  createdAt: iso(r.created_at),
});

const toNote = (r: StationNoteRow): StationNote => ({
  id: Number(r.id),
  key: r.key,
  title: r.title ?? defaultNoteTitle(r.key),
  body: r.body,
  mediaIds: r.media_ids.map(Number),
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

/** Station notes and media from the read models only. */
@Injectable()
export class StationNotesQueries {
  constructor(private readonly readModels: ReadModels) {}

  async media(mediaId: number): Promise<StationMediaRow | null> {
    return this.readModels.em().findOne(stationMediaTable.entity, { id: String(mediaId) });
  }

  /** Everything the notes form and the photos page show, for one asker (`resource` is theirs). */
  async notesOf(stationId: number, actor: Actor, resource: StationResource): Promise<StationNotes> {
    const em = this.readModels.em();
    const [notes, media] = await Promise.all([
      em.find(stationNotesTable.entity, { station_id: String(stationId) }, { orderBy: { id: 'asc' } }),
      em.find(stationMediaTable.entity, { station_id: String(stationId) }, { orderBy: { id: 'asc' } }),
    ]);
    const image = media.find((m) => m.is_station_image);
    return {
      stationId,
      notes: notes.map(toNote),
      media: media.map(toMediaItem),
      completion: notesCompletion(
        notes.filter((n) => isFilledNote(n.body)).length,
        media.some((m) => m.kind === 'photo'),
      ),
      stationImageId: image ? Number(image.id) : null,
      version: notes.reduce((sum, n) => sum + Number(n.writes), 0),
      readOnly: !can(actor, 'station.writeNotes', resource),
      canManagePhotos: can(actor, 'station.update', resource),
    };
  }
}
