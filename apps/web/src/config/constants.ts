/** Spec §9 breakpoints: sidebar forced narrow below 1040, mobile below 768, small below 500. */
export const BREAKPOINTS = { small: 500, mobile: 768, narrow: 1040 } as const;

/** Spec §9: the 'password changed' notice shows for 2 seconds. */
export const PASSWORD_CHANGED_NOTICE_MS = 2000;

/** Spec §4, §9: the snackbar hides after 5 seconds. */
export const SNACKBAR_MS = 5000;

/** Spec §9 page sizes: a project's stations, the add-station picker (3 on narrow screens), the sidebar's clip. */
export const PROJECT_STATIONS_PAGE_SIZE = 4;
export const STATION_PICKER_PAGE_SIZE = 6;
export const STATION_PICKER_PAGE_SIZE_NARROW = 3;
export const SIDEBAR_STATIONS_CLIP = 10;
/** The sidebar's projects clip like its stations (issue 16: every community project was listed). */
export const SIDEBAR_PROJECTS_CLIP = 10;
