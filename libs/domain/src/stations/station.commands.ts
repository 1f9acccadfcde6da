import type { Command } from '../kernel/messages.js';
import type { StationAttributeValues, StationDetails, StationLocation, StationModuleConfig } from './station.events.js';

/**
 * Modules as the phone app or an upload describes them. Each carries a fresh id taken by the
 * caller; a module the station already has (same hardware id, or same position and kind) keeps its
 * old id and label instead.
 */
export type StationModulesInput = readonly StationModuleConfig[];

/** The owner is the command's user. Registering one's own device again refreshes it (see decider). */
export type RegisterStation = Command<
  'RegisterStation',
  {
    readonly stationId: number;
    readonly deviceId: string;
    readonly name: string;
    readonly locationName?: string | null;
    /** The hardware model the device reports ("FieldKit", "NodeRed …"); exports refuse NodeRed ones. */
    readonly model?: string | null;
    readonly modules?: StationModulesInput;
  }
>;

export type StationDeployment = {
  readonly location: StationLocation;
  readonly deployedAt: string;
  readonly locationName?: string | null;
};

export type UpdateStation = Command<
  'UpdateStation',
  {
    readonly stationId: number;
    readonly details?: Partial<StationDetails>;
    readonly deployment?: StationDeployment;
    readonly attributes?: StationAttributeValues;
    /**
     * Whether the owner deleted their account, as the caller found it: attribute values are sealed
     * with the owner's key, which is destroyed then, so none can be written any more. The stream
     * itself cannot tell (the account's deletion is on the user's stream).
     */
    readonly ownerDeleted?: boolean;
  }
>;

export type ConfigureStationModules = Command<
  'ConfigureStationModules',
  { readonly stationId: number; readonly modules: StationModulesInput }
>;

/** An empty label goes back to the module's own name. */
export type LabelStationModule = Command<
  'LabelStationModule',
  { readonly stationId: number; readonly moduleId: number; readonly label: string }
>;

export type LinkStation = Command<'LinkStation', { readonly stationId: number; readonly otherStationId: number }>;
export type UnlinkStation = Command<'UnlinkStation', { readonly stationId: number; readonly otherStationId: number }>;

/** A site admin gives the station to another user (spec §2 Admin stations: transfer). */
export type TransferStation = Command<'TransferStation', { readonly stationId: number; readonly newOwnerId: number }>;

/** A site admin deletes the station (spec §2 Admin stations: delete). */
export type DeleteStation = Command<'DeleteStation', { readonly stationId: number }>;

export type StationCommand =
  | RegisterStation
  | UpdateStation
  | ConfigureStationModules
  | LabelStationModule
  | LinkStation
  | UnlinkStation
  | TransferStation
  | DeleteStation;
