import { MEDIA_WIDTHS, mediaWidth } from './media.rules.js';

describe('mediaWidth', () => {
  it('rounds a requested width up to the next fixed one, and caps it at the largest', () => {
    expect([1, 16, 125, 126, 250, 251, 800, 801, 1600, 1601, 99_999].map(mediaWidth)).toEqual([
      125, 125, 125, 250, 250, 800, 800, 1600, 1600, 1600, 1600,
    ]);
  });

  it('serves every width from a small fixed set', () => {
    expect(new Set(Array.from({ length: 3000 }, (_, i) => mediaWidth(i + 1)))).toEqual(new Set(MEDIA_WIDTHS));
  });
});
