import { cspDirectives, mapOrigins } from './security-headers.js';

const base = { supportChatUrl: null, oidc: null, publicUrl: 'https://groundtruth.example.org' } as const;

describe('mapOrigins', () => {
  it("names OpenFreeMap when no style is configured (the default online style), and nothing for 'local'", () => {
    expect(mapOrigins({ styleUrl: null, mapboxToken: false })).toEqual(['https://tiles.openfreemap.org']);
    expect(mapOrigins({ styleUrl: 'local', mapboxToken: false })).toEqual([]);
  });

  it("names an https style's own origin", () => {
    expect(mapOrigins({ styleUrl: 'https://tiles.openfreemap.org/styles/liberty', mapboxToken: false })).toEqual([
      'https://tiles.openfreemap.org',
    ]);
  });

  it('names Mapbox hosts for a mapbox:// style, an api.mapbox.com style or a token', () => {
    const mapbox = ['https://api.mapbox.com', 'https://*.tiles.mapbox.com'];
    expect(mapOrigins({ styleUrl: 'mapbox://styles/mapbox/outdoors-v12', mapboxToken: true })).toEqual(mapbox);
    expect(mapOrigins({ styleUrl: 'https://api.mapbox.com/styles/v1/a/b', mapboxToken: false })).toEqual(mapbox);
    expect(mapOrigins({ styleUrl: 'local', mapboxToken: true })).toEqual(mapbox);
  });

  it('ignores a style address that names no origin', () => {
    expect(mapOrigins({ styleUrl: '/styles/local.json', mapboxToken: false })).toEqual([]);
  });
});

describe('cspDirectives', () => {
  it('allows connections and images from this origin, its websocket and the configured hosts only', () => {
    const sut = cspDirectives({
      ...base,
      supportChatUrl: 'https://chat.example.com/widget.js',
      map: { styleUrl: 'https://tiles.openfreemap.org/styles/liberty', mapboxToken: false },
    });
    expect(sut['connect-src']).toEqual([
      "'self'",
      'wss://groundtruth.example.org',
      'https://tiles.openfreemap.org',
      'https://chat.example.com',
    ]);
    expect(sut['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://tiles.openfreemap.org', 'https://chat.example.com']);
    expect(sut['script-src']).toEqual(["'self'", 'https://chat.example.com']);
  });

  it("has no host but its own with the map style 'local' and no chat", () => {
    const sut = cspDirectives({ ...base, publicUrl: 'http://localhost:3000', map: { styleUrl: 'local', mapboxToken: false } });
    expect(sut['connect-src']).toEqual(["'self'", 'ws://localhost:3000']);
    expect(sut['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  });
});
