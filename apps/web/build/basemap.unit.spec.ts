import { describe, expect, it } from '@jest/globals';
import type { Feature, FeatureCollection, MultiLineString, MultiPolygon, Point, Polygon, Position } from 'geojson';
import { SHAPE_LAYERS, basemapFiles, buildBasemap } from './basemap';

/** Even-odd test of a point against a ring. */
const inRing = ([x, y]: Position, ring: Position[]): boolean => {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [x1 = 0, y1 = 0] = ring[j] ?? [];
    const [x2 = 0, y2 = 0] = ring[i] ?? [];
    if (y1 > y! !== y2 > y! && x! < ((x2 - x1) * (y! - y1)) / (y2 - y1) + x1) inside = !inside;
  }
  return inside;
};

const covers = (layer: unknown, point: Position): boolean =>
  (layer as FeatureCollection<Polygon | MultiPolygon>).features.some((feature) => {
    const polygons = feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates] : feature.geometry.coordinates;
    return polygons.some(([outer = [], ...holes]) => inRing(point, outer) && !holes.some((hole) => inRing(point, hole)));
  });

describe('the basemap shipped with the product', () => {
  const layers = buildBasemap();

  it('draws the world’s great lakes as water, on every continent', () => {
    const lakes = {
      Victoria: [33.0, -1.0],
      Superior: [-87.5, 47.7],
      Baikal: [108.3, 53.6],
      Titicaca: [-69.4, -15.8],
      Geneva: [6.5, 46.43],
    };
    for (const [name, point] of Object.entries(lakes)) expect([name, covers(layers.lakes, point)]).toEqual([name, true]);
  });

  it('draws the wide stretches of major rivers', () => {
    expect(covers(layers.rivers, [-57.5, -34.8])).toBe(true); // Río de la Plata
  });

  it('control: dry land is neither lake nor river', () => {
    for (const point of [
      [2.35, 48.85], // Paris
      [-74.0, 40.0], // New Jersey
    ]) {
      expect(covers(layers.lakes, point)).toBe(false);
      expect(covers(layers.rivers, point)).toBe(false);
    }
    expect(covers(layers.land, [2.35, 48.85])).toBe(true);
  });

  /** Whether a first-level boundary passes within `km` of a point (planar, good enough at these scales). */
  const boundaryNear = ([x = 0, y = 0]: Position, km: number): boolean => {
    const degrees = km / 111;
    return (layers.admin1 as FeatureCollection<MultiLineString>).features.some((feature) =>
      feature.geometry.coordinates.some((line) =>
        line.some(([px = 0, py = 0]) => Math.abs(px - x) * Math.cos((y * Math.PI) / 180) < degrees && Math.abs(py - y) < degrees),
      ),
    );
  };

  it('draws first-level boundaries in every country, not only the United States', () => {
    const meetings = {
      'Colorado, Utah, Arizona, New Mexico': [-109.05, 37.0],
      'Ontario and Quebec on the Ottawa': [-74.5, 45.55],
      'New South Wales, Victoria, South Australia': [141.0, -34.0],
      'Bavaria and Baden-Württemberg': [10.2, 48.5],
      'Minas Gerais and São Paulo': [-47.3, -20.2],
      'Maharashtra and Karnataka': [74.4, 16.4],
    };
    for (const [name, point] of Object.entries(meetings)) expect([name, boundaryNear(point, 40)]).toEqual([name, true]);
  });

  it('control: no first-level boundary crosses the open sea or an undivided interior', () => {
    for (const point of [
      [-40.0, 30.0], // the North Atlantic
      [134.0, -25.0], // the middle of the Northern Territory
    ])
      expect(boundaryNear(point, 40)).toBe(false);
  });

  it('ships every shape layer in one file, each feature marked with its layer, and the labels apart', () => {
    const sut = basemapFiles(layers);
    expect(Object.keys(sut).sort()).toEqual(['countryLabels', 'places', 'shapes', 'towns']);
    const shapes = (sut.shapes as FeatureCollection).features;
    for (const layer of SHAPE_LAYERS) {
      const own = shapes.filter((feature) => feature.properties?.['layer'] === layer);
      expect([layer, own.length]).toEqual([layer, (layers[layer] as FeatureCollection).features.length]);
      expect(own.map((feature) => feature.geometry)).toEqual(
        (layers[layer] as FeatureCollection).features.map((f) => f.geometry),
      );
    }
    expect(shapes).toHaveLength(SHAPE_LAYERS.reduce((n, layer) => n + (layers[layer] as FeatureCollection).features.length, 0));
    expect(sut.places).toBe(layers.places);
    expect(sut.countryLabels).toBe(layers.countryLabels);
    expect(sut.towns).toBe(layers.towns);
  });

  /** The names within `km` of a point in a label layer. */
  const namesNear = (layer: unknown, [x = 0, y = 0]: Position, km: number): string[] =>
    (layer as FeatureCollection<Point, { name: string }>).features
      .filter(
        ({
          geometry: {
            coordinates: [px = 0, py = 0],
          },
        }) => Math.hypot((px - x) * Math.cos((y * Math.PI) / 180), py - y) * 111 < km,
      )
      .map((feature) => feature.properties.name);

  it('names towns near the demo stations, which the cities layer alone leaves blank', () => {
    const kingston: Position = [-73.99, 41.93]; // Hudson at Kingston
    expect(namesNear(layers.places, kingston, 25)).toEqual([]);
    expect(namesNear(layers.towns, kingston, 25)).toEqual(expect.arrayContaining(['Kingston', 'Saugerties']));
    const beacon: Position = [-73.97, 41.5]; // Hudson at Beacon
    expect(namesNear(layers.towns, beacon, 10)).toEqual(expect.arrayContaining(['Beacon', 'Newburgh']));
  });

  it('keeps towns and cities apart: no name in both layers at the same point', () => {
    const key = (f: Feature<Point, { name: string }>) => `${f.properties.name}@${f.geometry.coordinates.join(',')}`;
    const cities = new Set((layers.places as FeatureCollection<Point, { name: string }>).features.map(key));
    const both = (layers.towns as FeatureCollection<Point, { name: string }>).features.filter((f) => cities.has(key(f)));
    expect(both).toEqual([]);
  });
});
