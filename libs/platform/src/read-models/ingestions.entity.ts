import type { IngestionFirmware, IngestionType } from '@groundtruth/domain';

/** A row of `ingestions` (the projector's ingestions projection writes it; its DDL is there). */
export type IngestionRow = {
  id: string;
  station_id: string;
  device_id: string;
  generation: string;
  type: IngestionType;
  size: string;
  first_block: string;
  last_block: string;
  content_type: string;
  device_name: string | null;
  blob_key: string;
  uploaded_by: string | null;
  received_at: Date;
  version: number;
  records: number | null;
  readings: number | null;
  errors: number | null;
  problems: string[] | null;
  data_start: Date | null;
  data_end: Date | null;
  battery: number | null;
  longitude: number | null;
  latitude: number | null;
  firmware: IngestionFirmware | null;
  processed_at: Date | null;
  pending: boolean;
};
