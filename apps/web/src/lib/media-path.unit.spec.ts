import { describe, expect, it } from '@jest/globals';
import { mediaPath } from './media-path';

describe('mediaPath', () => {
  it('drops the /api prefix the server gives', () => {
    expect(mediaPath('/api/stations/3/photos/9/media')).toBe('/stations/3/photos/9/media');
    expect(mediaPath('/apiary/1')).toBe('/apiary/1');
  });

  it('adds the size as a query, joining a version query the address already has', () => {
    expect(mediaPath('/api/stations/3/photos/9/media', 250)).toBe('/stations/3/photos/9/media?size=250');
    expect(mediaPath('/api/projects/1/media?v=1700000000', 249.6)).toBe('/projects/1/media?v=1700000000&size=250');
  });

  it('asks for the fixed width the server serves: the next of 125, 250, 800 and 1600', () => {
    expect([96, 192, 320, 640, 800, 1200, 3000].map((size) => mediaPath('/api/p', size))).toEqual([
      '/p?size=125',
      '/p?size=250',
      '/p?size=800',
      '/p?size=800',
      '/p?size=800',
      '/p?size=1600',
      '/p?size=1600',
    ]);
  });
});
