/** Stations, their modules, photos, notes and field notes (spec §7 Stations). */
export const stationRoutes = {} as const;
