import { describe, expect, it } from '@jest/globals';
import type { MapSnapshot } from '@/components/map/map-snapshot';
import { composeChartSvg } from './chart-image';
import { mapChartDrawing, mapLegendSvg, mapPixelRatio } from './map-image';

const snapshot: MapSnapshot = {
  image: 'data:image/png;base64,iVBORw0KGgo=',
  width: 900,
  height: 320,
  pixelRatio: 4,
  markers: [
    { x: 100, y: 50, color: '#00ccff', textColor: '#000000', text: '12.5', muted: false, cluster: false },
    { x: 300, y: 200, color: '#9e9e9e', textColor: '#000000', text: '', muted: false, cluster: false },
  ],
  attribution: 'MapLibre | Natural Earth',
};

describe('the map chart saved as an image', () => {
  it('draws the canvas picture, the markers over it at their places, and the credits', () => {
    const key = mapLegendSvg([{ color: '#9e9e9e', label: 'No data' }], '', 900);
    const sut = mapChartDrawing(snapshot, key);
    expect(sut.chartSize).toEqual({ width: 900, height: 320 + 24 });
    expect(sut.chart).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="900" height="344"/);
    expect(sut.chart).toContain('<image href="data:image/png;base64,iVBORw0KGgo=" x="0" y="0" width="900" height="320"');
    // A pill with its value, centred on the station: 4 characters of 7 px and 7 px either side (42 wide, the rim inside).
    expect(sut.chart).toContain('<rect x="80" y="36" width="40" height="28" rx="14" fill="#00ccff"');
    expect(sut.chart).toMatch(/<text x="100" y="54" [^>]*>12.5<\/text>/);
    // A station without a value is a plain 20 px dot.
    expect(sut.chart).toContain('<rect x="291" y="191" width="18" height="18" rx="9" fill="#9e9e9e"');
    expect(sut.chart).toContain('>MapLibre | Natural Earth</text>');
    expect(sut.chart).toContain('<g transform="translate(0 320)">');
  });

  it('is placed under the header as the other charts are', () => {
    const drawing = mapChartDrawing(snapshot, mapLegendSvg([], '', 900));
    const sut = composeChartSvg({ ...drawing, title: 'Depth', subtitle: 'x', size: { width: 1280, height: 720 } });
    // As wide as the page, right under the header; the header and chart centred together (chart-image.ts).
    expect(sut).toContain('<svg x="0" y="172" width="1280" height="455.11" viewBox="0 0 900 320"');
    expect(sut).toContain('<text x="16" y="128"');
    expect(sut).toContain('<image href="data:image/png;base64,iVBORw0KGgo="');
  });

  it('lays the key out in rows of the map’s width, the lead first, wrapping as text does', () => {
    const items = [
      { color: '#00ff00', label: 'Normal' },
      { color: '#ff0000', label: 'Flooding & worse' },
      { color: '#9e9e9e', label: 'No data' },
    ];
    const wide = mapLegendSvg(items, 'Values in °C', 900);
    expect(wide.height).toBe(24);
    expect(wide.markup).toContain('>Values in °C</text>');
    expect(wide.markup).toContain('>Flooding &amp; worse</text>');
    expect(wide.markup.match(/<circle /g)).toHaveLength(3);
    expect(mapLegendSvg(items, 'Values in °C', 200).height).toBeGreaterThan(48);
    expect(mapLegendSvg([], '', 900)).toEqual({ markup: '', height: 0 });
  });

  it('draws the canvas sharp enough to fill the file’s chart part, kept in proportion', () => {
    // 900 × (320 + 24) into 3840 × 1920: the width decides.
    expect(mapPixelRatio({ width: 900, height: 320 }, 24, { width: 3840, height: 1920 })).toBeCloseTo(3840 / 900);
    // A phone's 360 × 320 into 1800 × 2260: the width again.
    expect(mapPixelRatio({ width: 360, height: 320 }, 48, { width: 1800, height: 2260 })).toBe(5);
    // A wide, low box into a low area: the height decides.
    expect(mapPixelRatio({ width: 1000, height: 300 }, 0, { width: 3840, height: 600 })).toBe(2);
  });
});
