import type { Station } from '@groundtruth/contracts';
import type { Partner } from '@/config/partner';

/** What a header row shows; the component turns `label` into words. */
export type HeaderRow = {
  readonly label: 'neighborhood' | 'borough' | 'deploymentDate' | 'deployedBy' | 'location' | 'nativeLand';
  readonly value: string | null;
};

const DEPLOYED_BY = 'Deployed By';

const attribute = (station: Pick<Station, 'attributes'>, name: string): string | null => {
  const value = station.attributes.find((a) => a.name === name)?.stringValue.trim();
  return value ? value : null;
};

/**
 * The location rows under a station's name (spec §2 Station summary): under partner customisation the
 * Neighborhood, Borough, Deployment Date and Deployed By attributes; otherwise the location name and
 * the native-land place name.
 */
export const headerRows = (
  station: Pick<Station, 'attributes' | 'locationName' | 'placeNameOther' | 'placeNameNative'>,
  partner: Pick<Partner, 'attributeNames'>,
): HeaderRow[] => {
  const names = partner.attributeNames;
  if (names) {
    return [
      { label: 'neighborhood', value: attribute(station, names.location) },
      { label: 'borough', value: attribute(station, names.grouping) },
      { label: 'deploymentDate', value: attribute(station, names.deploymentDate) },
      { label: 'deployedBy', value: attribute(station, DEPLOYED_BY) },
    ];
  }
  return [
    { label: 'location', value: station.locationName ?? station.placeNameOther },
    { label: 'nativeLand', value: station.placeNameNative },
  ];
};
