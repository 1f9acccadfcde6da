import type { Feature, FeatureCollection, LineString } from 'geojson';
import type { RequestParameters, StyleSpecification } from 'maplibre-gl';

/**
 * The map's styles. The local style needs no network at all: a plain background and a graticule
 * (lines every few degrees, so panning shows movement), drawn by MapLibre from data made here. It is
 * the default, and the fallback when a configured style cannot be loaded (no internet, a bad token).
 * It has no text layers: text needs glyphs from a server.
 */

const graticule = (step: number): FeatureCollection<LineString> => {
  const features: Feature<LineString>[] = [];
  for (let lng = -180; lng <= 180; lng += step) {
    features.push({
      type: 'Feature',
      properties: { kind: lng === 0 ? 'prime' : 'meridian' },
      geometry: { type: 'LineString', coordinates: [-85, -60, -30, 0, 30, 60, 85].map((lat) => [lng, lat]) },
    });
  }
  for (let lat = -80; lat <= 80; lat += step) {
    features.push({
      type: 'Feature',
      properties: { kind: lat === 0 ? 'equator' : 'parallel' },
      geometry: {
        type: 'LineString',
        coordinates: Array.from({ length: 37 }, (_, i) => [-180 + i * 10, lat]),
      },
    });
  }
  return { type: 'FeatureCollection', features };
};

export const LOCAL_STYLE_NAME = 'groundtruth-local';

export const localStyle = (): StyleSpecification => ({
  version: 8,
  name: LOCAL_STYLE_NAME,
  sources: {
    graticule: { type: 'geojson', data: graticule(5) },
    fine: { type: 'geojson', data: graticule(1) },
  },
  layers: [
    { id: 'background', type: 'background', paint: { 'background-color': '#e9eef0' } },
    {
      id: 'graticule-fine',
      type: 'line',
      source: 'fine',
      minzoom: 6,
      paint: { 'line-color': '#d3dde1', 'line-width': 1 },
    },
    {
      id: 'graticule',
      type: 'line',
      source: 'graticule',
      paint: { 'line-color': '#c3d0d6', 'line-width': ['match', ['get', 'kind'], ['equator', 'prime'], 2, 1] },
    },
  ],
});

/**
 * Mapbox's `mapbox://` addresses as HTTPS requests with the access token (MapLibre reads styles in
 * the same format but does not know the scheme). Other addresses to api.mapbox.com get the token too;
 * everything else goes as it is. Answers undefined for "unchanged".
 */
export const mapboxRequestTransform =
  (token: string | null) =>
  (url: string): RequestParameters | undefined => {
    if (!token) return undefined;
    const withToken = (address: string): RequestParameters => {
      const next = new URL(address);
      if (!next.searchParams.has('access_token')) next.searchParams.set('access_token', token);
      return { url: next.toString() };
    };
    if (url.startsWith('mapbox://')) {
      const rest = url.slice('mapbox://'.length);
      const [kind = '', ...parts] = rest.split('/');
      const path = parts.join('/');
      switch (kind) {
        case 'styles':
          // mapbox://styles/{user}/{style}
          return withToken(`https://api.mapbox.com/styles/v1/${path}`);
        case 'sprites': {
          // mapbox://sprites/{user}/{style}[@2x].{png|json}
          const match = /^(.*?)(@2x)?\.(png|json)$/.exec(path);
          return match
            ? withToken(`https://api.mapbox.com/styles/v1/${match[1]}/sprite${match[2] ?? ''}.${match[3]}`)
            : withToken(`https://api.mapbox.com/styles/v1/${path}/sprite`);
        }
        case 'fonts':
          // mapbox://fonts/{user}/{fontstack}/{range}.pbf
          return withToken(`https://api.mapbox.com/fonts/v1/${path}`);
        case 'tiles':
          // mapbox://tiles/{tileset}/{z}/{x}/{y}.{format}
          return withToken(`https://api.mapbox.com/v4/${path}`);
        default:
          // mapbox://{tileset[,tileset]} is a TileJSON address
          return withToken(`https://api.mapbox.com/v4/${rest}.json?secure`);
      }
    }
    if (url.startsWith('https://api.mapbox.com/')) return withToken(url);
    return undefined;
  };
