import type { StationSensorConfig } from '@groundtruth/domain';

/** A row of `stations` (the projector's stations projection writes it and the tables below; their DDL is there). */
export type StationRow = {
  id: string;
  revision: string;
  owner_id: string;
  device_id: string;
  name: string;
  description: string;
  hidden: boolean;
  deployed_at: Date | null;
  longitude: number | null;
  latitude: number | null;
  /** The general location (spec §2 project form): what everything answered to askers who may not see the exact one is computed from. */
  general_longitude: number | null;
  general_latitude: number | null;
  location_name: string | null;
  model: string | null;
  created_at: Date;
  updated_at: Date;
};

/** A row of `station_modules`. */
export type StationModuleRow = {
  module_id: string;
  station_id: string;
  hardware_id: string | null;
  name: string;
  label: string | null;
  position: number;
  internal: boolean;
  sensors: StationSensorConfig[];
};
