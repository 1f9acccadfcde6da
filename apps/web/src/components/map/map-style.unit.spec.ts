import { describe, expect, it } from '@jest/globals';
import { localStyle, mapboxRequestTransform } from './map-style';

describe('localStyle', () => {
  it('needs no network: every source is inline data and no layer draws text', () => {
    const sut = localStyle();
    expect(sut.glyphs).toBeUndefined();
    expect(sut.sprite).toBeUndefined();
    for (const source of Object.values(sut.sources)) {
      expect(source.type).toBe('geojson');
      expect(typeof (source as { data: unknown }).data).toBe('object');
    }
    expect(sut.layers.map((layer) => layer.type)).not.toContain('symbol');
    expect(sut.layers[0]).toMatchObject({ type: 'background' });
  });
});

describe('mapboxRequestTransform', () => {
  const sut = mapboxRequestTransform('pk.test-token');

  it('turns a mapbox:// style into the styles API with the token', () => {
    expect(sut('mapbox://styles/mapbox/outdoors-v11')).toEqual({
      url: 'https://api.mapbox.com/styles/v1/mapbox/outdoors-v11?access_token=pk.test-token',
    });
  });

  it('turns sprites, fonts, tiles and tilesets into their APIs', () => {
    expect(sut('mapbox://sprites/mapbox/outdoors-v11@2x.png')?.url).toBe(
      'https://api.mapbox.com/styles/v1/mapbox/outdoors-v11/sprite@2x.png?access_token=pk.test-token',
    );
    expect(sut('mapbox://sprites/mapbox/outdoors-v11.json')?.url).toBe(
      'https://api.mapbox.com/styles/v1/mapbox/outdoors-v11/sprite.json?access_token=pk.test-token',
    );
    expect(sut('mapbox://fonts/mapbox/DIN Offc Pro Medium/0-255.pbf')?.url).toBe(
      'https://api.mapbox.com/fonts/v1/mapbox/DIN%20Offc%20Pro%20Medium/0-255.pbf?access_token=pk.test-token',
    );
    expect(sut('mapbox://tiles/mapbox.mapbox-streets-v8/1/0/0.vector.pbf')?.url).toBe(
      'https://api.mapbox.com/v4/mapbox.mapbox-streets-v8/1/0/0.vector.pbf?access_token=pk.test-token',
    );
    expect(sut('mapbox://mapbox.mapbox-streets-v8,mapbox.mapbox-terrain-v2')?.url).toBe(
      'https://api.mapbox.com/v4/mapbox.mapbox-streets-v8,mapbox.mapbox-terrain-v2.json?secure=&access_token=pk.test-token',
    );
  });

  it('adds the token to api.mapbox.com addresses once, and leaves other hosts alone', () => {
    expect(sut('https://api.mapbox.com/v4/x.json?access_token=other')?.url).toBe(
      'https://api.mapbox.com/v4/x.json?access_token=other',
    );
    expect(sut('https://tiles.example.org/style.json')).toBeUndefined();
  });

  it('changes nothing without a token', () => {
    expect(mapboxRequestTransform(null)('mapbox://styles/mapbox/outdoors-v11')).toBeUndefined();
  });
});
