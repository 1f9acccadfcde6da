import type { NoteKey } from '@groundtruth/domain';

/** A row of `station_media` (the projector's station notes projection writes it; its DDL is there). */
export type StationMediaRow = {
  id: string;
  station_id: string;
  key: NoteKey | null;
  media_key: string;
  kind: 'photo' | 'audio';
  content_type: string;
  uploaded_by: string | null;
  created_at: Date;
  is_station_image: boolean;
};
