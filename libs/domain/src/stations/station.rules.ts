import { DomainError, type FieldErrors } from '../kernel/domain-error.js';
import { canonicalDeviceId, deviceIdKey } from './device-id.js';
import {
  STATION_ATTRIBUTE_NAMES,
  type StationAttributeValues,
  type StationDetails,
  type StationLocation,
} from './station.events.js';

/** Spec §5 and §9: a module label holds at most 25 characters. */
export const MODULE_LABEL_MAX = 25;
/** Not in the spec; the same limit as a project's texts, so names fit on cards and in lists. */
export const STATION_NAME_MAX = 100;
export const STATION_LOCATION_NAME_MAX = 100;
export const STATION_MODEL_MAX = 64;
export const STATION_DESCRIPTION_MAX = 2000;
export const STATION_ATTRIBUTE_MAX = 100;
export const DEVICE_ID_MAX = 100;
/** Spec §9: stations within a mile (1,609.344 m) of each other are nearby. */
export const NEARBY_STATION_RADIUS_METRES = 1609.344;

/**
 * A general location (spec §2, "show exact or general station location"): coordinates rounded to
 * two decimals, within about a kilometre; distances from it to the nearest kilometre.
 */
export const generalLocation = (at: { latitude: number; longitude: number }): { latitude: number; longitude: number } => ({
  latitude: Math.round(at.latitude * 100) / 100,
  longitude: Math.round(at.longitude * 100) / 100,
});
export const generalDistance = (metres: number): number => Math.round(metres / 1000) * 1000;

export const stationMessages = {
  required: 'This field is required.',
  tooLong: (max: number) => `This field has a limit of ${max} characters`,
  badDeviceId: "A device id is the station's id in hex, base64 or UUID form.",
  deviceTaken: 'This station is already registered to another account.',
  badLatitude: 'Latitude is a number of degrees between -90 and 90.',
  badLongitude: 'Longitude is a number of degrees between -180 and 180.',
  badDate: 'This is not a valid date.',
  unknownAttribute: `Attributes are ${STATION_ATTRIBUTE_NAMES.join(', ')}.`,
  noSuchModule: 'This station has no such module.',
  noSuchStation: 'This station does not exist.',
  notLinked: 'These stations are not linked.',
  linkToSelf: 'A station cannot be linked to itself.',
  private: "You don't have access to view this station.",
  duplicateModule: 'Two modules share a position and kind, or a hardware id.',
  ownerDeleted: 'The owner of this station has deleted their account; its attributes can no longer be changed.',
} as const;

const checkText = (
  errors: Record<string, string>,
  field: string,
  value: string | null | undefined,
  max: number,
  required: boolean,
) => {
  if (value === undefined || value === null) {
    if (required) errors[field] = stationMessages.required;
    return;
  }
  const v = value.trim();
  if (required && v.length === 0) errors[field] = stationMessages.required;
  else if (v.length > max) errors[field] = stationMessages.tooLong(max);
};

const throwIfAny = (errors: Record<string, string>): void => {
  if (Object.keys(errors).length > 0) throw DomainError.validation('STATION.INVALID', errors as FieldErrors);
};

/** The device id as stored and compared: the lowercase hex of its bytes (see device-id.ts). */
export const normalizeDeviceId = (deviceId: string): string => deviceIdKey(deviceId);

export const assertValidRegistration = (input: {
  deviceId: string;
  name: string;
  locationName?: string | null;
  model?: string | null;
}): void => {
  const errors: Record<string, string> = {};
  const deviceId = normalizeDeviceId(input.deviceId);
  if (deviceId.length === 0) errors['deviceId'] = stationMessages.required;
  else if (deviceId.length > DEVICE_ID_MAX) errors['deviceId'] = stationMessages.tooLong(DEVICE_ID_MAX);
  else if (canonicalDeviceId(deviceId) === null) errors['deviceId'] = stationMessages.badDeviceId;
  checkText(errors, 'name', input.name, STATION_NAME_MAX, true);
  checkText(errors, 'locationName', input.locationName, STATION_LOCATION_NAME_MAX, false);
  checkText(errors, 'model', input.model, STATION_MODEL_MAX, false);
  throwIfAny(errors);
};

export const assertValidDetails = (details: StationDetails): void => {
  const errors: Record<string, string> = {};
  checkText(errors, 'name', details.name, STATION_NAME_MAX, true);
  checkText(errors, 'description', details.description, STATION_DESCRIPTION_MAX, false);
  checkText(errors, 'locationName', details.locationName, STATION_LOCATION_NAME_MAX, false);
  throwIfAny(errors);
};

export const validLocation = (location: StationLocation): Record<string, string> => {
  const errors: Record<string, string> = {};
  const { latitude, longitude } = location;
  if (!Number.isFinite(latitude) || Math.abs(latitude) > 90) errors['location.latitude'] = stationMessages.badLatitude;
  if (!Number.isFinite(longitude) || Math.abs(longitude) > 180) errors['location.longitude'] = stationMessages.badLongitude;
  return errors;
};

export const assertValidDeployment = (d: { location: StationLocation; deployedAt: string; locationName?: string | null }) => {
  const errors = validLocation(d.location);
  if (Number.isNaN(Date.parse(d.deployedAt))) errors['deployedAt'] = stationMessages.badDate;
  checkText(errors, 'locationName', d.locationName, STATION_LOCATION_NAME_MAX, false);
  throwIfAny(errors);
};

export const assertValidAttributes = (values: StationAttributeValues): void => {
  const errors: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (!(STATION_ATTRIBUTE_NAMES as readonly string[]).includes(name))
      errors[`attributes.${name}`] = stationMessages.unknownAttribute;
    else checkText(errors, `attributes.${name}`, value, STATION_ATTRIBUTE_MAX, false);
  }
  throwIfAny(errors);
};

export const assertValidLabel = (label: string): void => {
  const errors: Record<string, string> = {};
  checkText(errors, 'label', label, MODULE_LABEL_MAX, false);
  throwIfAny(errors);
};

/** Great-circle distance in metres (haversine, mean Earth radius). */
export const distanceMetres = (a: StationLocation, b: StationLocation): number => {
  const R = 6_371_008.8;
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
};
