import type { DomainEvent } from '../kernel/messages.js';

/** Where a station stands, in degrees (WGS 84). */
export type StationLocation = { readonly longitude: number; readonly latitude: number };

/** The station attributes spec §2 shows under partner customisation (spec §3 Station attributes). */
export const STATION_ATTRIBUTE_NAMES = ['Neighborhood', 'Borough', 'Deployment Date', 'Deployed By'] as const;
export type StationAttributeName = (typeof STATION_ATTRIBUTE_NAMES)[number];
/** Stable ids for the fixed attributes (spec §3: attributeId, name, stringValue). */
export const stationAttributeId = (name: StationAttributeName): number => STATION_ATTRIBUTE_NAMES.indexOf(name) + 1;
/** A value per attribute; null removes it. */
export type StationAttributeValues = Partial<Record<StationAttributeName, string | null>>;

export type StationSensorConfig = { readonly name: string; readonly unitOfMeasure: string; readonly order: number };

/** A module as the station (or the phone app) describes it (spec §3 Module). */
export type StationModuleConfig = {
  readonly moduleId: number;
  /** The module's hardware id when known; modules keep their id (and label) across configurations by it. */
  readonly hardwareId: string | null;
  /** Its kind, e.g. "modules.water.ph". */
  readonly name: string;
  readonly position: number;
  readonly internal: boolean;
  readonly sensors: readonly StationSensorConfig[];
};

/** The editable texts and flags of a station. */
export type StationDetails = {
  readonly name: string;
  readonly description: string;
  readonly hidden: boolean;
  readonly locationName: string | null;
};

export type StationRegistered = DomainEvent<
  'StationRegistered',
  {
    readonly stationId: number;
    readonly ownerId: number;
    readonly deviceId: string;
    readonly name: string;
    readonly locationName?: string | null;
    /** Added later: absent in older events (no model known). */
    readonly model?: string | null;
    readonly registeredAt: string;
  }
>;

export type StationUpdated = DomainEvent<
  'StationUpdated',
  { readonly stationId: number; readonly changes: Partial<StationDetails>; readonly updatedAt: string }
>;

export type StationDeployed = DomainEvent<
  'StationDeployed',
  {
    readonly stationId: number;
    readonly location: StationLocation;
    readonly locationName: string | null;
    /** When the station went into the field (as its owner says). */
    readonly deployedAt: string;
    /** When this was recorded. */
    readonly updatedAt: string;
  }
>;

/**
 * Attribute values are free text people type about a deployment ("Deployed By" names a person),
 * so they travel as personal data sealed with the owner's key (`piiSubject`).
 */
export type StationAttributesChanged = DomainEvent<
  'StationAttributesChanged',
  {
    readonly stationId: number;
    readonly piiSubject: string;
    /** The attributes that changed: a value, or null for removed. Null after erasure. */
    readonly pii: { readonly attributes: StationAttributeValues } | null;
    readonly updatedAt: string;
  }
>;

/** The station's modules as now configured (from registration by the phone app, or from an upload). */
export type StationModulesConfigured = DomainEvent<
  'StationModulesConfigured',
  { readonly stationId: number; readonly modules: readonly StationModuleConfig[]; readonly configuredAt: string }
>;

export type StationModuleLabelled = DomainEvent<
  'StationModuleLabelled',
  { readonly stationId: number; readonly moduleId: number; readonly label: string | null; readonly updatedAt: string }
>;

/** A manual association: this station names another as associated (spec §3 Station association). */
export type StationLinked = DomainEvent<
  'StationLinked',
  { readonly stationId: number; readonly otherStationId: number; readonly linkedAt: string }
>;

export type StationUnlinked = DomainEvent<
  'StationUnlinked',
  { readonly stationId: number; readonly otherStationId: number; readonly unlinkedAt: string }
>;

/**
 * The station changed hands (a site admin's transfer). Attribute values written before stay sealed
 * with the previous owner's key; new ones are sealed with the new owner's.
 */
export type StationTransferred = DomainEvent<
  'StationTransferred',
  { readonly stationId: number; readonly fromOwnerId: number; readonly toOwnerId: number; readonly transferredAt: string }
>;

/**
 * A site admin deleted the station (spec §2 Admin stations: delete). Its rows leave every read model
 * and its device may be registered again (as a new station); the log keeps its history, and its
 * stored readings stay in ClickHouse out of reach (every reading is found through the station).
 */
export type StationDeleted = DomainEvent<
  'StationDeleted',
  { readonly stationId: number; readonly ownerId: number; readonly deviceId: string; readonly deletedAt: string }
>;

export type StationEvent =
  | StationRegistered
  | StationUpdated
  | StationDeployed
  | StationAttributesChanged
  | StationModulesConfigured
  | StationModuleLabelled
  | StationLinked
  | StationUnlinked
  | StationTransferred
  | StationDeleted;

export const stationEventTypes = [
  'StationRegistered',
  'StationUpdated',
  'StationDeployed',
  'StationAttributesChanged',
  'StationModulesConfigured',
  'StationModuleLabelled',
  'StationLinked',
  'StationUnlinked',
  'StationTransferred',
  'StationDeleted',
] as const satisfies readonly StationEvent['type'][];

export const stationStream = (stationId: number): string => `station-${stationId}`;

/** The subject whose key seals a station's personal data: its owner. */
export const stationPiiSubject = (ownerId: number): string => `user-${ownerId}`;
