import { cspDirectives, mapOrigins } from './security-headers.js';

const base = { supportChatUrl: null, oidc: null, publicUrl: 'https://groundtruth.example.org' } as const;

describe('mapOrigins', () => {
  it('names no host when no style is configured (the plain local style fetches nothing)', () => {
    expect(mapOrigins({ styleUrl: null, mapboxToken: false })).toEqual([]);
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
    expect(mapOrigins({ styleUrl: null, mapboxToken: true })).toEqual(mapbox);
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

  it('has no host but its own without a map style or a chat', () => {
    const sut = cspDirectives({ ...base, publicUrl: 'http://localhost:3000', map: { styleUrl: null, mapboxToken: false } });
    expect(sut['connect-src']).toEqual(["'self'", 'ws://localhost:3000']);
    expect(sut['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  });
});
