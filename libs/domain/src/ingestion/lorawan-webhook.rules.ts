import { DomainError, type FieldErrors } from '../kernel/domain-error.js';
import { sensorByFullKey } from '../sensors/catalogue.js';
import type { LorawanFieldMapping } from './lorawan-webhook.events.js';

/** The catalogue module whose sensors a LoRaWAN webhook fills (flood sensors). */
export const LORAWAN_MODULE_KEY = 'wh.floodnet';
export const LORAWAN_MAPPING_MAX = 32;
export const LORAWAN_PATH_MAX = 200;

/** A path into `decoded_payload`: names (or array indexes) joined by dots, e.g. `depth` or `sensors.0.value`. */
const PATH = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*$/;

export const lorawanMessages = {
  notConfigured: 'This project has no LoRaWAN webhook.',
  emptyMapping: 'Map at least one field of the decoded payload to a sensor.',
  tooMany: `At most ${LORAWAN_MAPPING_MAX} fields.`,
  badPath: `A path is names or array indexes joined by dots (e.g. depth or sensors.0.value), at most ${LORAWAN_PATH_MAX} characters.`,
  badSensor: `Not a sensor of the ${LORAWAN_MODULE_KEY} module (e.g. ${LORAWAN_MODULE_KEY}.depth).`,
  duplicatePath: 'This path is mapped twice.',
  duplicateSensor: 'This sensor is mapped twice.',
  ownerRequired: 'Only a signed-in project administrator can configure the webhook.',
} as const;

const validPath = (path: string): boolean => path.length <= LORAWAN_PATH_MAX && PATH.test(path);

/** Whether a full key names a sensor a webhook may fill. */
export const isLorawanSensor = (fullKey: string): boolean => sensorByFullKey(fullKey)?.moduleKey === LORAWAN_MODULE_KEY;

/** Field errors of a mapping (keys like `mapping.2.sensor`), empty when it is valid. */
export const lorawanMappingErrors = (mapping: readonly LorawanFieldMapping[], timePath: string | null): FieldErrors => {
  const errors: Record<string, string> = {};
  if (mapping.length === 0) errors['mapping'] = lorawanMessages.emptyMapping;
  if (mapping.length > LORAWAN_MAPPING_MAX) errors['mapping'] = lorawanMessages.tooMany;
  const paths = new Set<string>();
  const sensors = new Set<string>();
  mapping.forEach(({ path, sensor }, i) => {
    if (!validPath(path)) errors[`mapping.${i}.path`] = lorawanMessages.badPath;
    else if (paths.has(path)) errors[`mapping.${i}.path`] = lorawanMessages.duplicatePath;
    if (!isLorawanSensor(sensor)) errors[`mapping.${i}.sensor`] = lorawanMessages.badSensor;
    else if (sensors.has(sensor)) errors[`mapping.${i}.sensor`] = lorawanMessages.duplicateSensor;
    paths.add(path);
    sensors.add(sensor);
  });
  if (timePath !== null && !validPath(timePath)) errors['timePath'] = lorawanMessages.badPath;
  return errors;
};

export const assertValidLorawanMapping = (mapping: readonly LorawanFieldMapping[], timePath: string | null): void => {
  const errors = lorawanMappingErrors(mapping, timePath);
  if (Object.keys(errors).length > 0) throw DomainError.validation('LORAWAN.INVALID', errors);
};
