import { describe, expect, it } from '@jest/globals';
import type { FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import { buildBasemap } from './basemap';

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
});
