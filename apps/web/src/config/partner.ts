/**
 * Partner modes (spec §1, §2; reference: flood mode when the host contains `floodnet.`). The mode
 * is chosen once, from the page's host, and never changes while the app runs. Everything that
 * differs between the modes is read from here, never by testing the host again elsewhere.
 *
 * `floodnet.localhost` opens flood mode on a development machine (browsers send `*.localhost` to
 * this machine), so both modes can be tried and tested without a second server.
 */
export type PartnerId = 'default' | 'floodnet';

export type Partner = {
  readonly id: PartnerId;
  /** Product label in page titles and the header. */
  readonly productName: string;
  /** Whether any partner customisation is active (the support chat loads only without one). */
  readonly customised: boolean;
  /** What a station is called: 'station' (research) or 'sensor' (flood). Use it to pick i18n keys. */
  readonly stationNoun: 'station' | 'sensor';
  /** The fixed default project (its big map is home), or null. */
  readonly fixedProjectId: number | null;
  /** Location, deployment date and grouping come from station attributes, not from the station. */
  readonly attributeNames: {
    readonly location: string;
    readonly deploymentDate: string;
    readonly grouping: string;
  } | null;
  /** Data export is offered. */
  readonly exportEnabled: boolean;
  /** Windows in hours of GET /sensors/data/recently (spec §9: 24, 48, 72; flood mode 1). */
  readonly recentWindows: readonly number[];
  /** Default quick range of a chart opened from a station, in days (spec §4: 14, or 1 in flood mode). */
  readonly defaultQuickRangeDays: number;
  /** Module labels are editable only outside partner mode (spec §2 station page). */
  readonly moduleLabelsEditable: boolean;
  readonly colours: { readonly primary: string; readonly secondary: string };
};

const research: Partner = {
  id: 'default',
  productName: 'Groundtruth',
  customised: false,
  stationNoun: 'station',
  fixedProjectId: null,
  attributeNames: null,
  exportEnabled: true,
  recentWindows: [24, 48, 72],
  defaultQuickRangeDays: 14,
  moduleLabelsEditable: true,
  colours: { primary: '#003f5c', secondary: '#6ef0da' },
};

const floodnet: Partner = {
  id: 'floodnet',
  productName: 'FloodNet Groundtruth',
  customised: true,
  stationNoun: 'sensor',
  fixedProjectId: 174,
  attributeNames: { location: 'Neighborhood', deploymentDate: 'Deployment Date', grouping: 'Borough' },
  exportEnabled: false,
  recentWindows: [1],
  defaultQuickRangeDays: 1,
  moduleLabelsEditable: false,
  colours: { primary: '#1b365d', secondary: '#f58025' },
};

/** The mode for a host name (spec: flood mode when the host contains `floodnet.`). */
export const partnerForHost = (host: string): Partner => (host.toLowerCase().includes('floodnet.') ? floodnet : research);

/** The mode of this page. */
export const partner: Partner = partnerForHost(typeof window === 'undefined' ? '' : window.location.hostname);
