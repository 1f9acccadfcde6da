/** Station notes, field notes and station media (spec §7 Stations: notes, media, field notes). */
export const noteRoutes = {} as const;
