import { DomainError } from '../kernel/domain-error.js';
import type { Decider } from '../kernel/decider.js';
import type { CommandMetadata } from '../kernel/messages.js';
import { userMessages } from '../users/user.rules.js';
import type {
  ConfigureStationModules,
  DeleteStation,
  LabelStationModule,
  LinkStation,
  RegisterStation,
  StationCommand,
  StationModulesInput,
  TransferStation,
  UnlinkStation,
  UpdateStation,
} from './station.commands.js';
import {
  stationPiiSubject,
  type StationAttributeValues,
  type StationDetails,
  type StationEvent,
  type StationLocation,
  type StationModuleConfig,
} from './station.events.js';
import {
  assertValidAttributes,
  assertValidDeployment,
  assertValidDetails,
  assertValidLabel,
  assertValidRegistration,
  normalizeDeviceId,
  stationMessages,
} from './station.rules.js';

export type StationModuleState = StationModuleConfig & { readonly label: string | null };

export type StationState =
  | { readonly status: 'absent' }
  /** Deleted by a site admin: every command is refused as for a station that does not exist. */
  | { readonly status: 'deleted'; readonly stationId: number }
  | {
      readonly status: 'active';
      readonly stationId: number;
      readonly ownerId: number;
      readonly deviceId: string;
      readonly details: StationDetails;
      readonly location: StationLocation | null;
      readonly deployedAt: string | null;
      readonly attributes: StationAttributeValues;
      readonly modules: readonly StationModuleState[];
      readonly links: readonly number[];
    };

type Active = Extract<StationState, { status: 'active' }>;

const notFound = () => new DomainError('not_found', 'STATION.NOT_FOUND', stationMessages.noSuchStation);

const active = (state: StationState): Active => {
  if (state.status !== 'active') throw notFound();
  return state;
};

const moduleKey = (m: Pick<StationModuleConfig, 'hardwareId' | 'position' | 'name'>): string =>
  m.hardwareId ? `hw:${m.hardwareId}` : `at:${m.position}:${m.name}`;

const trimOrNull = (v: string | null | undefined): string | null => {
  if (v === undefined || v === null) return null;
  const t = v.trim();
  return t.length > 0 ? t : null;
};

/** Modules as they will be stored: known modules keep their id; sensors ordered. */
const configured = (state: StationState, modules: StationModulesInput): StationModuleConfig[] => {
  const known = new Map((state.status === 'active' ? state.modules : []).map((m) => [moduleKey(m), m.moduleId]));
  const seen = new Set<string>();
  return modules.map((m) => {
    const key = moduleKey(m);
    if (seen.has(key)) throw DomainError.validation('STATION.INVALID', { modules: stationMessages.duplicateModule });
    seen.add(key);
    return {
      moduleId: known.get(key) ?? m.moduleId,
      hardwareId: trimOrNull(m.hardwareId),
      name: m.name.trim(),
      position: m.position,
      internal: m.internal,
      sensors: m.sensors.map((s) => ({ name: s.name.trim(), unitOfMeasure: s.unitOfMeasure, order: s.order })),
    };
  });
};

/** What a module configuration says, without the labels people gave the modules. */
const shapeOf = (modules: readonly StationModuleConfig[]): string =>
  JSON.stringify(
    modules.map(({ moduleId, hardwareId, name, position, internal, sensors }) => ({
      moduleId,
      hardwareId,
      name,
      position,
      internal,
      sensors,
    })),
  );

const sameModules = (a: readonly StationModuleConfig[], b: readonly StationModuleConfig[]): boolean => shapeOf(a) === shapeOf(b);

const modulesEvents = (
  state: StationState,
  stationId: number,
  input: StationModulesInput | undefined,
  meta: CommandMetadata,
): StationEvent[] => {
  if (!input) return [];
  const modules = configured(state, input);
  if (state.status === 'active' && sameModules(state.modules, modules)) return [];
  return [{ type: 'StationModulesConfigured', data: { stationId, modules, configuredAt: meta.now } }];
};

const detailChanges = (current: StationDetails, requested: Partial<StationDetails>): Partial<StationDetails> => {
  const next: Record<string, unknown> = {};
  if (requested.name !== undefined) next['name'] = requested.name.trim();
  if (requested.description !== undefined) next['description'] = requested.description.trim();
  if (requested.hidden !== undefined) next['hidden'] = requested.hidden;
  if (requested.locationName !== undefined) next['locationName'] = trimOrNull(requested.locationName);
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (value !== current[key as keyof StationDetails]) changes[key] = value;
  }
  return changes as Partial<StationDetails>;
};

/**
 * Registering a device that is already this owner's station refreshes it (name, location name,
 * modules) rather than failing: the phone app registers again after a reinstall. Someone else's
 * device is refused (the API's device claim catches that first; this is the stream's own guard).
 */
const register = (command: RegisterStation, state: StationState, meta: CommandMetadata): StationEvent[] => {
  assertValidRegistration(command.data);
  const { stationId, name, locationName, model, modules } = command.data;
  const deviceId = normalizeDeviceId(command.data.deviceId);
  if (meta.userId === null) throw new DomainError('unauthenticated', 'AUTH.REQUIRED', userMessages.signInRequired);
  if (state.status === 'deleted') throw notFound();
  if (state.status === 'active') {
    if (state.ownerId !== meta.userId || normalizeDeviceId(state.deviceId) !== deviceId) {
      throw DomainError.validation(
        'STATION.DEVICE_TAKEN',
        { deviceId: stationMessages.deviceTaken },
        stationMessages.deviceTaken,
      );
    }
    const changes = detailChanges(state.details, {
      name,
      ...(locationName !== undefined ? { locationName } : {}),
    });
    return [
      ...(Object.keys(changes).length > 0
        ? [{ type: 'StationUpdated', data: { stationId: state.stationId, changes, updatedAt: meta.now } } as const]
        : []),
      ...modulesEvents(state, state.stationId, modules, meta),
    ];
  }
  return [
    {
      type: 'StationRegistered',
      data: {
        stationId,
        ownerId: meta.userId,
        deviceId,
        name: name.trim(),
        locationName: trimOrNull(locationName),
        ...(model !== undefined && trimOrNull(model) !== null ? { model: trimOrNull(model) } : {}),
        registeredAt: meta.now,
      },
    },
    ...modulesEvents(state, stationId, modules, meta),
  ];
};

const update = (command: UpdateStation, state: StationState, meta: CommandMetadata): StationEvent[] => {
  const s = active(state);
  const { details, deployment, attributes } = command.data;
  const changes = details ? detailChanges(s.details, details) : {};
  const events: StationEvent[] = [];
  // Validate everything before deciding anything, so one 400 lists every bad field.
  const problems: Record<string, string> = {};
  const collect = (check: () => void) => {
    try {
      check();
    } catch (error) {
      if (error instanceof DomainError && error.fieldErrors) Object.assign(problems, error.fieldErrors);
      else throw error;
    }
  };
  collect(() => assertValidDetails({ ...s.details, ...changes }));
  if (deployment) collect(() => assertValidDeployment(deployment));
  if (attributes) collect(() => assertValidAttributes(attributes));
  if (Object.keys(problems).length > 0) throw DomainError.validation('STATION.INVALID', problems);

  if (deployment) {
    const locationName =
      deployment.locationName !== undefined
        ? trimOrNull(deployment.locationName)
        : 'locationName' in changes
          ? (changes.locationName ?? null)
          : s.details.locationName;
    const deployedAt = new Date(deployment.deployedAt).toISOString();
    const { latitude, longitude } = deployment.location;
    const moved =
      s.location?.latitude !== latitude ||
      s.location?.longitude !== longitude ||
      s.deployedAt !== deployedAt ||
      s.details.locationName !== locationName;
    delete (changes as Record<string, unknown>)['locationName'];
    if (moved) {
      events.push({
        type: 'StationDeployed',
        data: { stationId: s.stationId, location: { longitude, latitude }, locationName, deployedAt, updatedAt: meta.now },
      });
    }
  }
  if (Object.keys(changes).length > 0) {
    events.unshift({ type: 'StationUpdated', data: { stationId: s.stationId, changes, updatedAt: meta.now } });
  }
  if (attributes) {
    const changed: Record<string, string | null> = {};
    for (const [name, value] of Object.entries(attributes) as [keyof StationAttributeValues, string | null | undefined][]) {
      if (value === undefined) continue;
      const next = trimOrNull(value);
      if ((s.attributes[name] ?? null) !== next) changed[name] = next;
    }
    if (Object.keys(changed).length > 0) {
      if (command.data.ownerDeleted) throw new DomainError('conflict', 'STATION.OWNER_DELETED', stationMessages.ownerDeleted);
      events.push({
        type: 'StationAttributesChanged',
        data: {
          stationId: s.stationId,
          piiSubject: stationPiiSubject(s.ownerId),
          pii: { attributes: changed as StationAttributeValues },
          updatedAt: meta.now,
        },
      });
    }
  }
  return events;
};

const configure = (command: ConfigureStationModules, state: StationState, meta: CommandMetadata): StationEvent[] => {
  const s = active(state);
  return modulesEvents(s, s.stationId, command.data.modules, meta);
};

const label = (command: LabelStationModule, state: StationState, meta: CommandMetadata): StationEvent[] => {
  const s = active(state);
  const module = s.modules.find((m) => m.moduleId === command.data.moduleId);
  if (!module) throw new DomainError('not_found', 'STATION.MODULE_NOT_FOUND', stationMessages.noSuchModule);
  assertValidLabel(command.data.label);
  const next = trimOrNull(command.data.label);
  if (next === module.label) return [];
  return [
    {
      type: 'StationModuleLabelled',
      data: { stationId: s.stationId, moduleId: module.moduleId, label: next, updatedAt: meta.now },
    },
  ];
};

const link = (command: LinkStation, state: StationState, meta: CommandMetadata): StationEvent[] => {
  const s = active(state);
  const other = command.data.otherStationId;
  if (other === s.stationId) {
    throw DomainError.validation(
      'STATION.LINK_TO_SELF',
      { otherStationId: stationMessages.linkToSelf },
      stationMessages.linkToSelf,
    );
  }
  if (s.links.includes(other)) return [];
  return [{ type: 'StationLinked', data: { stationId: s.stationId, otherStationId: other, linkedAt: meta.now } }];
};

const unlink = (command: UnlinkStation, state: StationState, meta: CommandMetadata): StationEvent[] => {
  const s = active(state);
  const other = command.data.otherStationId;
  if (!s.links.includes(other)) throw new DomainError('not_found', 'STATION.LINK_NOT_FOUND', stationMessages.notLinked);
  return [{ type: 'StationUnlinked', data: { stationId: s.stationId, otherStationId: other, unlinkedAt: meta.now } }];
};

const transfer = (command: TransferStation, state: StationState, meta: CommandMetadata): StationEvent[] => {
  const s = active(state);
  const to = command.data.newOwnerId;
  if (to === s.ownerId) return [];
  return [
    {
      type: 'StationTransferred',
      data: { stationId: s.stationId, fromOwnerId: s.ownerId, toOwnerId: to, transferredAt: meta.now },
    },
  ];
};

const remove = (command: DeleteStation, state: StationState, meta: CommandMetadata): StationEvent[] => {
  const s = active(state);
  return [
    {
      type: 'StationDeleted',
      data: { stationId: s.stationId, ownerId: s.ownerId, deviceId: s.deviceId, deletedAt: meta.now },
    },
  ];
};

const evolveActive = (s: Active, event: StationEvent): Active => {
  switch (event.type) {
    case 'StationUpdated':
      return { ...s, details: { ...s.details, ...event.data.changes } };
    case 'StationDeployed':
      return {
        ...s,
        location: event.data.location,
        deployedAt: event.data.deployedAt,
        details: { ...s.details, locationName: event.data.locationName },
      };
    case 'StationAttributesChanged': {
      if (!event.data.pii) return s;
      const attributes: Record<string, string> = { ...s.attributes } as Record<string, string>;
      for (const [name, value] of Object.entries(event.data.pii.attributes)) {
        if (value === null || value === undefined) delete attributes[name];
        else attributes[name] = value;
      }
      return { ...s, attributes };
    }
    case 'StationModulesConfigured': {
      const labels = new Map(s.modules.map((m) => [m.moduleId, m.label]));
      return { ...s, modules: event.data.modules.map((m) => ({ ...m, label: labels.get(m.moduleId) ?? null })) };
    }
    case 'StationModuleLabelled':
      return {
        ...s,
        modules: s.modules.map((m) => (m.moduleId === event.data.moduleId ? { ...m, label: event.data.label } : m)),
      };
    case 'StationLinked':
      return { ...s, links: [...s.links, event.data.otherStationId] };
    case 'StationUnlinked':
      return { ...s, links: s.links.filter((id) => id !== event.data.otherStationId) };
    case 'StationTransferred':
      return { ...s, ownerId: event.data.toOwnerId };
    default:
      return s;
  }
};

export const stationDecider: Decider<StationState, StationCommand, StationEvent> = {
  initialState: { status: 'absent' },
  evolve(state, event) {
    if (event.type === 'StationRegistered') {
      const d = event.data;
      return {
        status: 'active',
        stationId: d.stationId,
        ownerId: d.ownerId,
        deviceId: d.deviceId,
        details: { name: d.name, description: '', hidden: false, locationName: d.locationName ?? null },
        location: null,
        deployedAt: null,
        attributes: {},
        modules: [],
        links: [],
      };
    }
    if (event.type === 'StationDeleted') return { status: 'deleted', stationId: event.data.stationId };
    return state.status === 'active' ? evolveActive(state, event) : state;
  },
  decide(command, state, meta) {
    switch (command.type) {
      case 'RegisterStation':
        return register(command, state, meta);
      case 'UpdateStation':
        return update(command, state, meta);
      case 'ConfigureStationModules':
        return configure(command, state, meta);
      case 'LabelStationModule':
        return label(command, state, meta);
      case 'LinkStation':
        return link(command, state, meta);
      case 'UnlinkStation':
        return unlink(command, state, meta);
      case 'TransferStation':
        return transfer(command, state, meta);
      case 'DeleteStation':
        return remove(command, state, meta);
    }
  },
};
