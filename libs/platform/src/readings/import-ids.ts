/**
 * The hardware id of a module Groundtruth adds to a station for readings that arrive without one
 * (CSV imports, LoRaWAN uplinks): derived from the catalogue module key, so a later import finds
 * the same module. The colon keeps it apart from real hardware ids, which are hex. The API names it
 * for stations it makes for new LoRaWAN devices; processing, for the modules it adds.
 */
export const importModuleHardwareId = (moduleKey: string): string => `import:${moduleKey}`;

/** `project-{id}`: the generation of an uplink, naming the project whose webhook received it (IngestionReceived.generation). */
export const uplinkGeneration = (projectId: number): string => `project-${projectId}`;

/** The project an uplink's generation names, or null when it names none. */
export const projectOfUplinkGeneration = (generation: string): number | null => {
  const id = /^project-(\d+)$/.exec(generation)?.[1];
  return id === undefined ? null : Number(id);
};
