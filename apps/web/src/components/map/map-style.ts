import type { Feature, FeatureCollection, LineString } from 'geojson';
import type { ExpressionSpecification, LayerSpecification, RequestParameters, StyleSpecification } from 'maplibre-gl';

/**
 * The map's styles. The local style is the basemap shipped with the product (built at build time
 * from npm data packages, see apps/web/build/basemap.ts): water, land, coastlines, lakes and major
 * rivers, country and first-level (state, province) boundaries, country and place names, and a faint graticule, all from this server. It is used
 * when no online style is configured (`VITE_MAP_STYLE_URL=local`) and whenever the online style
 * cannot be reached (no internet, a bad token).
 *
 * Text needs no glyph server: the style has no `glyphs` address, so MapLibre draws every label with
 * the browser's own fonts (TinySDF), in either language.
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

/**
 * Addresses of the shipped basemap's files (`virtual:basemap` in the app): its shapes (land, lakes,
 * rivers, country and first-level borders, each feature's layer in its `layer` property) in one,
 * and each kind of label in its own.
 */
export type BasemapUrls = Readonly<Record<'shapes' | 'countryLabels' | 'places' | 'towns', string>>;

/** Towns are named from this zoom on (the close maps: a station's own map opens at 10, spec §9). */
export const TOWNS_MIN_ZOOM = 8;

/** The features of one layer of the shapes file. */
const shapesOf = (layer: 'land' | 'lakes' | 'rivers' | 'countries' | 'admin1'): ExpressionSpecification => [
  '==',
  ['get', 'layer'],
  layer,
];

/** The shipped basemap's colours; the browser tests look for the land colour in the drawn map. */
export const BASEMAP_COLOURS = {
  water: '#c9dde8',
  land: '#f2efe4',
  coastline: '#8fb0c0',
  border: '#9b8fa3',
  state: '#bdb3c2',
  text: '#3d3d3d',
  halo: '#ffffff',
} as const;

const FONT = ['sans-serif'];

/** The words of the map's credits, in the app's language (the map's catalogue, `mapView.credits`). */
export type MapCredits = {
  /** 'U.S. Census Bureau' */
  readonly census: string;
  /** '© {{osm}} contributors (ODbL), via {{geoMaps}}' */
  readonly openStreetMap: string;
};

const ENGLISH_CREDITS: MapCredits = {
  census: 'U.S. Census Bureau',
  openStreetMap: '© {{osm}} contributors (ODbL), via {{geoMaps}}',
};

const attributions = (credits: MapCredits) => {
  const link = (href: string, text: string) => `<a href="${href}">${text}</a>`;
  return {
    naturalEarth: link('https://www.naturalearthdata.com/', 'Natural Earth'),
    census: link('https://www.census.gov/geographies/mapping-files.html', credits.census),
    openStreetMap: credits.openStreetMap
      .replace('{{osm}}', link('https://www.openstreetmap.org/copyright', 'OpenStreetMap'))
      .replace('{{geoMaps}}', link('https://github.com/simonepri/geo-maps', 'geo-maps')),
    simpleMaps: `${link('https://simplemaps.com/data/world-cities', 'SimpleMaps')} (CC BY 4.0)`,
  };
};

export type LocalStyleOptions = {
  /** The shipped basemap; without it (unit tests, a build without it) only water and the graticule. */
  readonly basemap?: BasemapUrls | null;
  /** Country names follow the interface's language where the data has them. */
  readonly language?: string;
  /** The credits' words in that language. */
  readonly credits?: MapCredits;
  /**
   * Town names (the basemap's `towns` file, megabytes): for a map that shows, or has shown, zoom
   * TOWNS_MIN_ZOOM or closer; a map further out never loads them.
   */
  readonly towns?: boolean;
};

export const localStyle = ({
  basemap = null,
  language = 'en',
  credits = ENGLISH_CREDITS,
  towns = false,
}: LocalStyleOptions = {}): StyleSpecification => {
  const credit = attributions(credits);
  const name: ExpressionSpecification = language.startsWith('es')
    ? ['coalesce', ['get', 'name_es'], ['get', 'name']]
    : ['get', 'name'];
  const geography: LayerSpecification[] = basemap
    ? [
        { id: 'land', type: 'fill', source: 'shapes', filter: shapesOf('land'), paint: { 'fill-color': BASEMAP_COLOURS.land } },
        {
          id: 'lakes',
          type: 'fill',
          source: 'shapes',
          filter: shapesOf('lakes'),
          paint: { 'fill-color': BASEMAP_COLOURS.water },
        },
        {
          id: 'lake-shores',
          type: 'line',
          source: 'shapes',
          filter: shapesOf('lakes'),
          minzoom: 4,
          paint: { 'line-color': BASEMAP_COLOURS.coastline, 'line-width': 0.6 },
        },
        {
          id: 'rivers',
          type: 'fill',
          source: 'shapes',
          filter: shapesOf('rivers'),
          paint: { 'fill-color': BASEMAP_COLOURS.water },
        },
        {
          id: 'admin1',
          type: 'line',
          source: 'shapes',
          filter: shapesOf('admin1'),
          minzoom: 3,
          paint: { 'line-color': BASEMAP_COLOURS.state, 'line-width': 0.8, 'line-dasharray': [3, 2] },
        },
        {
          id: 'countries',
          type: 'line',
          source: 'shapes',
          filter: shapesOf('countries'),
          paint: { 'line-color': BASEMAP_COLOURS.border, 'line-width': ['interpolate', ['linear'], ['zoom'], 1, 0.6, 6, 1.4] },
        },
        {
          id: 'coastline',
          type: 'line',
          source: 'shapes',
          filter: shapesOf('land'),
          paint: { 'line-color': BASEMAP_COLOURS.coastline, 'line-width': 1 },
        },
        ...(towns
          ? ([
              {
                id: 'town-labels',
                type: 'symbol',
                source: 'towns',
                minzoom: TOWNS_MIN_ZOOM,
                layout: {
                  'text-field': ['get', 'name'],
                  'text-font': FONT,
                  'text-size': 11,
                  'text-variable-anchor': ['top', 'bottom', 'left', 'right'],
                  'text-radial-offset': 0.4,
                },
                paint: { 'text-color': '#55524b', 'text-halo-color': BASEMAP_COLOURS.halo, 'text-halo-width': 1.4 },
              },
              {
                id: 'town-dots',
                type: 'circle',
                source: 'towns',
                minzoom: TOWNS_MIN_ZOOM,
                paint: { 'circle-radius': 2, 'circle-color': '#55524b' },
              },
            ] satisfies LayerSpecification[])
          : []),
        {
          id: 'place-labels',
          type: 'symbol',
          source: 'places',
          filter: ['step', ['zoom'], ['==', ['get', 'rank'], 1], 4, ['<=', ['get', 'rank'], 2], 6, true],
          minzoom: 3,
          layout: {
            'text-field': ['get', 'name'],
            'text-font': FONT,
            'text-size': ['match', ['get', 'rank'], 1, 13, 2, 12, 11],
            'text-variable-anchor': ['top', 'bottom', 'left', 'right'],
            'text-radial-offset': 0.4,
          },
          paint: { 'text-color': BASEMAP_COLOURS.text, 'text-halo-color': BASEMAP_COLOURS.halo, 'text-halo-width': 1.4 },
        },
        {
          id: 'place-dots',
          type: 'circle',
          source: 'places',
          filter: ['step', ['zoom'], ['==', ['get', 'rank'], 1], 4, ['<=', ['get', 'rank'], 2], 6, true],
          minzoom: 3,
          paint: { 'circle-radius': 2.5, 'circle-color': BASEMAP_COLOURS.text },
        },
        {
          id: 'country-labels',
          type: 'symbol',
          source: 'countryLabels',
          filter: ['step', ['zoom'], ['==', ['get', 'rank'], 1], 3, ['<=', ['get', 'rank'], 2], 4, true],
          maxzoom: 7,
          layout: {
            'text-field': name,
            'text-font': FONT,
            'text-size': ['interpolate', ['linear'], ['zoom'], 1, 11, 5, 15],
            'text-transform': 'uppercase',
            'text-letter-spacing': 0.08,
            'text-max-width': 8,
          },
          paint: { 'text-color': '#6b5f73', 'text-halo-color': BASEMAP_COLOURS.halo, 'text-halo-width': 1.2 },
        },
      ]
    : [];
  return {
    version: 8,
    name: LOCAL_STYLE_NAME,
    sources: {
      graticule: { type: 'geojson', data: graticule(5) },
      fine: { type: 'geojson', data: graticule(1) },
      ...(basemap
        ? {
            // Every fill and line from one source: MapLibre draws the tiles' clipping masks again at each
            // change of source between clipped layers, a pass over the whole view that software WebGL
            // (a machine without a GPU) pays for every frame of a pan or zoom.
            shapes: {
              type: 'geojson',
              data: basemap.shapes,
              attribution: [credit.naturalEarth, credit.census, credit.openStreetMap].join(' | '),
            },
            countryLabels: { type: 'geojson', data: basemap.countryLabels },
            places: { type: 'geojson', data: basemap.places, attribution: credit.simpleMaps },
            ...(towns ? { towns: { type: 'geojson' as const, data: basemap.towns } } : {}),
          }
        : {}),
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': BASEMAP_COLOURS.water } },
      {
        id: 'graticule-fine',
        type: 'line',
        source: 'fine',
        minzoom: 6,
        paint: { 'line-color': '#b9cfdb', 'line-width': 0.5 },
      },
      {
        id: 'graticule',
        type: 'line',
        source: 'graticule',
        paint: { 'line-color': '#b9cfdb', 'line-width': ['match', ['get', 'kind'], ['equator', 'prime'], 1.5, 0.7] },
      },
      ...geography,
    ],
  };
};

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
