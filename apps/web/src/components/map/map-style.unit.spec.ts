import { describe, expect, it } from '@jest/globals';
import { TOWNS_MIN_ZOOM, localStyle, mapboxRequestTransform } from './map-style';

describe('localStyle', () => {
  const basemap = {
    shapes: 'http://localhost/assets/basemap-shapes-1.geojson',
    countryLabels: 'http://localhost/assets/basemap-countryLabels-1.geojson',
    places: 'http://localhost/assets/basemap-places-1.geojson',
    towns: 'http://localhost/assets/basemap-towns-1.geojson',
  };

  it('names towns only on a map that asks for them, from zoom 8 on, under the cities', () => {
    const far = localStyle({ basemap, language: 'en-US' });
    expect(Object.keys(far.sources)).not.toContain('towns');
    expect(far.layers.map((layer) => layer.id)).not.toContain('town-labels');
    const close = localStyle({ basemap, language: 'en-US', towns: true });
    expect(close.sources['towns']).toEqual({ type: 'geojson', data: basemap.towns });
    const ids = close.layers.map((layer) => layer.id);
    expect(ids.indexOf('town-labels')).toBeGreaterThan(-1);
    expect(ids.indexOf('town-labels')).toBeLessThan(ids.indexOf('place-labels'));
    expect(close.layers.find((layer) => layer.id === 'town-labels')?.minzoom).toBe(TOWNS_MIN_ZOOM);
  });

  it('draws the shipped basemap from its own files, with labels and no glyph server or sprite', () => {
    const sut = localStyle({ basemap, language: 'es-ES' });
    expect(sut.glyphs).toBeUndefined();
    expect(sut.sprite).toBeUndefined();
    const data = Object.values(sut.sources).map((source) => (source as { data: unknown }).data);
    for (const value of data)
      if (typeof value === 'string') expect(value.startsWith('http://localhost/assets/basemap-')).toBe(true);
    expect(sut.layers.map((layer) => layer.id)).toEqual(
      expect.arrayContaining(['land', 'lakes', 'rivers', 'coastline', 'countries', 'admin1', 'place-labels', 'country-labels']),
    );
    // Spanish country names where the data has them; attribution for every licensed source.
    const countryLabels = sut.layers.find((layer) => layer.id === 'country-labels') as { layout: Record<string, unknown> };
    expect(JSON.stringify(countryLabels.layout['text-field'])).toContain('name_es');
    expect(JSON.stringify(sut.sources)).toContain('Natural Earth');
    expect(JSON.stringify(sut.sources)).toContain('SimpleMaps');
    expect(JSON.stringify(sut.sources)).toContain('OpenStreetMap');
    expect(JSON.stringify(sut.sources)).toContain('Census');
  });

  it('writes the credits in the words it is given (Spanish), the links kept', () => {
    const sut = localStyle({
      basemap,
      language: 'es-ES',
      credits: { census: 'Oficina del Censo de EE. UU.', openStreetMap: '© colaboradores de {{osm}} (ODbL), vía {{geoMaps}}' },
    });
    const text = JSON.stringify(sut.sources);
    expect(text).toContain('Oficina del Censo de EE. UU.');
    expect(text).toContain(
      '© colaboradores de <a href=\\"https://www.openstreetmap.org/copyright\\">OpenStreetMap</a> (ODbL), vía',
    );
    expect(text).not.toContain('contributors');
  });

  it('draws every fill and line of the basemap from one source, each layer its own features', () => {
    const sut = localStyle({ basemap, language: 'en-US' });
    const clipped = sut.layers.filter(
      (layer) => (layer.type === 'fill' || layer.type === 'line') && !layer.id.startsWith('graticule'),
    );
    expect(clipped.map((layer) => layer.id).sort()).toEqual(
      ['admin1', 'coastline', 'countries', 'lake-shores', 'lakes', 'land', 'rivers'].sort(),
    );
    for (const layer of clipped) expect([layer.id, 'source' in layer && layer.source]).toEqual([layer.id, 'shapes']);
    const of = (layer: string) => ['==', ['get', 'layer'], layer];
    expect(Object.fromEntries(clipped.map((layer) => [layer.id, 'filter' in layer ? layer.filter : undefined]))).toEqual({
      land: of('land'),
      lakes: of('lakes'),
      'lake-shores': of('lakes'),
      rivers: of('rivers'),
      admin1: of('admin1'),
      countries: of('countries'),
      coastline: of('land'),
    });
  });

  it('names countries in English for English', () => {
    const countryLabels = localStyle({ basemap, language: 'en-US' }).layers.find((layer) => layer.id === 'country-labels') as {
      layout: Record<string, unknown>;
    };
    expect(countryLabels.layout['text-field']).toEqual(['get', 'name']);
  });

  it('without the shipped files: every source is inline data and no layer draws text', () => {
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
