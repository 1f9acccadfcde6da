import enCore from './en-US.json';
import esCore from './es-ES.json';
import enStations from '@/features/stations/i18n/en-US.json';
import esStations from '@/features/stations/i18n/es-ES.json';
import enNotes from '@/features/notes/i18n/en-US.json';
import esNotes from '@/features/notes/i18n/es-ES.json';
import enCharts from '@/components/charts/i18n/en-US.json';
import esCharts from '@/components/charts/i18n/es-ES.json';
import enMapView from '@/components/map/i18n/en-US.json';
import esMapView from '@/components/map/i18n/es-ES.json';
import enMaps from '@/features/maps/i18n/en-US.json';
import esMaps from '@/features/maps/i18n/es-ES.json';
import enProjects from '@/features/projects/i18n/en-US.json';
import esProjects from '@/features/projects/i18n/es-ES.json';
import enExplore from '@/features/explore/i18n/en-US.json';
import esExplore from '@/features/explore/i18n/es-ES.json';
import enAnalysis from '@/features/analysis/i18n/en-US.json';
import esAnalysis from '@/features/analysis/i18n/es-ES.json';
import enDiscussions from '@/features/discussions/i18n/en-US.json';
import esDiscussions from '@/features/discussions/i18n/es-ES.json';
import enNotifications from '@/features/notifications/i18n/en-US.json';
import esNotifications from '@/features/notifications/i18n/es-ES.json';

// The app's strings: the shared ones here (en-US.json, es-ES.json), and each feature's own under
// features/<feature>/i18n/{en-US,es-ES}.json with top-level keys no other catalogue uses. A feature
// adds its two imports and spreads them below, so features never edit each other's files.

export const enUS = {
  ...enCore,
  ...enStations,
  ...enNotes,
  ...enMapView,
  ...enCharts,
  ...enMaps,
  ...enProjects,
  ...enExplore,
  ...enAnalysis,
  ...enDiscussions,
  ...enNotifications,
};

// Every key in English must exist in Spanish: a missing one fails the typecheck here.
export const esES: typeof enUS = {
  ...esCore,
  ...esStations,
  ...esNotes,
  ...esMapView,
  ...esCharts,
  ...esMaps,
  ...esProjects,
  ...esExplore,
  ...esAnalysis,
  ...esDiscussions,
  ...esNotifications,
};
