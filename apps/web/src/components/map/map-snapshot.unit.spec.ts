import { describe, expect, it } from '@jest/globals';
import { creditLines, mapSnapshotSvg, type MapSnapshot } from './map-snapshot';

const credits = 'MapLibre | Natural Earth | U.S. Census Bureau | © OpenStreetMap contributors (ODbL), via geo-maps';

const snapshot = (width: number, overrides: Partial<MapSnapshot> = {}): MapSnapshot => ({
  image: 'data:image/png;base64,AAAA',
  width,
  height: 320,
  pixelRatio: 2,
  markers: [],
  attribution: credits,
  ...overrides,
});

describe('the map as a picture (map-snapshot)', () => {
  it('keeps the credits on one line where they fit, and wraps them at words where they do not', () => {
    expect(creditLines(credits, 900)).toEqual([credits]);
    const narrow = creditLines(credits, 360);
    expect(narrow.length).toBeGreaterThan(1);
    expect(narrow.join(' ')).toBe(credits);
    expect(narrow.every((line) => line.length * 5.5 + 12 <= 360)).toBe(true);
    expect(creditLines('  ', 900)).toEqual([]);
  });

  it('draws each line of the credits, escaped, in the bottom right corner', () => {
    const sut = mapSnapshotSvg(snapshot(360));
    expect(sut.match(/<text [^>]*text-anchor="end"/g)!.length).toBe(creditLines(credits, 360).length);
    expect(sut).toContain('© OpenStreetMap');
    expect(mapSnapshotSvg(snapshot(900, { attribution: 'A & B' }))).toContain('>A &amp; B</text>');
    expect(mapSnapshotSvg(snapshot(900, { attribution: '' }))).not.toContain('<text');
  });

  it('draws a muted marker with a dashed grey rim and a cluster larger, its count on it', () => {
    const sut = mapSnapshotSvg(
      snapshot(900, {
        markers: [
          { x: 10, y: 10, color: '#ffffff', textColor: '#000000', text: '', muted: true, cluster: false },
          { x: 50, y: 50, color: '#d74dfe', textColor: '#ffffff', text: '12', muted: false, cluster: true },
        ],
      }),
    );
    expect(sut).toContain('stroke="#424242" stroke-width="2" stroke-dasharray="4 3"');
    expect(sut).toContain('height="33" rx="16.5" fill="#d74dfe" stroke="#ffffff" stroke-width="3"');
    expect(sut).toMatch(/fill="#ffffff">12<\/text>/);
  });
});
