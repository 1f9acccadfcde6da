import { describe, expect, it } from '@jest/globals';
import { clusterColour, markerPalette, worstColour } from './map-clusters';
import type { MapMarker } from './map-types';

const marker = (id: number, color: string, severity?: number): MapMarker => ({
  id,
  position: [0, 0],
  label: `m${id}`,
  color,
  ...(severity === undefined ? {} : { severity }),
});

describe('worstColour (a cluster shows its worst marker)', () => {
  it('takes the colour of the highest threshold level inside, wherever it comes in the list', () => {
    const minor = marker(1, '#fdbf4b', 2);
    const major = marker(2, '#d74dfe', 4);
    const none = marker(3, '#000000', -1);
    expect(worstColour([minor, major, none])).toBe('#d74dfe');
    expect(worstColour([major, none, minor])).toBe('#d74dfe');
    // The control: without the major one, the minor colour.
    expect(worstColour([none, minor])).toBe('#fdbf4b');
  });

  it('puts a level above no data and inactive, and no data above inactive', () => {
    expect(worstColour([marker(1, '#9e9e9e', -2), marker(2, '#000000', -1)])).toBe('#000000');
    expect(worstColour([marker(1, '#9e9e9e', -2), marker(2, '#00ccff', 0)])).toBe('#00ccff');
    expect(worstColour([])).toBeNull();
  });
});

describe('markerPalette', () => {
  it('ranks each marker so that the largest rank of a group names its worst colour', () => {
    const markers = [marker(1, '#FE4D4C', 3), marker(2, '#fdbf4b', 2), marker(3, '#fe4d4c', 3), marker(4, '#000000', -1)];
    const sut = markerPalette(markers);
    expect(sut.colours).toEqual(['#000000', '#fdbf4b', '#fe4d4c']);
    expect(sut.rankOf.get(1)).toBe(sut.rankOf.get(3));
    expect(clusterColour(sut, Math.max(sut.rankOf.get(2)!, sut.rankOf.get(4)!))).toBe('#fdbf4b');
    expect(clusterColour(sut, undefined)).toBe('#00ccff');
  });
});
