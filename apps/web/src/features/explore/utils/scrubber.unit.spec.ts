import { describe, expect, it } from '@jest/globals';
import { hasDragged, releaseZoom, selectionToRange, timeToPx } from './scrubber';

describe('scrubber selection (spec §4: under 5 px is widened to 5 px)', () => {
  const domain = [0, 1000] as const;

  it('maps a selection to its time range in either drag direction', () => {
    expect(selectionToRange(100, 300, 1000, domain)).toEqual([100, 300]);
    expect(selectionToRange(300, 100, 1000, domain)).toEqual([100, 300]);
  });

  it('widens a selection under 5 px to 5 px around its middle, inside the scrubber', () => {
    expect(selectionToRange(500, 501, 1000, domain)).toEqual([498, 503]);
    expect(selectionToRange(999, 1000, 1000, domain)).toEqual([995, 1000]);
    expect(selectionToRange(0, 0, 1000, domain)).toEqual([0, 5]);
    // Control: exactly 5 px is kept as it is.
    expect(selectionToRange(10, 15, 1000, domain)).toEqual([10, 15]);
  });

  it('places times on the scrubber, clamped to its ends', () => {
    expect(timeToPx(250, 200, domain)).toBe(50);
    expect(timeToPx(-5, 200, domain)).toBe(0);
    expect(timeToPx(5000, 200, domain)).toBe(200);
  });
});

describe('scrubber release (spec §4: a drag zooms, a double-click clears)', () => {
  const domain = [0, 1000] as const;

  it('counts a press as a drag once the pointer has moved 3 px from it, and keeps it one', () => {
    expect(hasDragged(false, 100, 100)).toBe(false);
    expect(hasDragged(false, 100, 102)).toBe(false);
    expect(hasDragged(false, 100, 97)).toBe(true);
    expect(hasDragged(false, 100, 103)).toBe(true);
    // Back where it was pressed: still a drag.
    expect(hasDragged(true, 100, 100)).toBe(true);
  });

  it('zooms nowhere on a click (the first half of a double-click)', () => {
    expect(releaseZoom({ a: 0, b: 0, dragged: false }, 1000, domain)).toBeNull();
    expect(releaseZoom({ a: 0, b: 1000, dragged: false }, 1000, domain)).toBeNull();
  });

  it('zooms to a dragged selection, widened to 5 px when narrower', () => {
    expect(releaseZoom({ a: 300, b: 100, dragged: true }, 1000, domain)).toEqual([100, 300]);
    expect(releaseZoom({ a: 0, b: 3, dragged: true }, 1000, domain)).toEqual([0, 5]);
  });
});
