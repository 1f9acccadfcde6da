import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PAGE_CODE, pageChunks, readManifest } from './page-code.js';
import { webDistDir } from './web-app.js';

describe("a page's lazy code named in its HTML", () => {
  const manifest = {
    'src/main.tsx': { file: 'assets/index-a.js', imports: ['_react.js'] },
    '_react.js': { file: 'assets/react-b.js' },
    'src/app/routes/explore.route.tsx': { file: 'assets/explore-c.js', imports: ['_react.js', '_charts.js'] },
    '_charts.js': { file: 'assets/charts-d.js', imports: ['_charts.js'] },
    'src/features/explore/api/prefetch-workspace.ts': { file: 'assets/prefetch-e.js' },
    'src/app/routes/station.route.tsx': { file: 'assets/station-f.js' },
    'src/app/routes/login.route.tsx': { file: 'assets/login-g.js', imports: ['_form.js'] },
    '_form.js': { file: 'assets/form-h.js' },
    'src/app/routes/stations-map.route.tsx': { file: 'assets/stations-map-i.js', imports: ['_react.js'] },
    'src/components/map/map-canvas.tsx': { file: 'assets/map-canvas-j.js' },
  };
  const html =
    '<script type="module" crossorigin src="/assets/index-a.js"></script><link rel="modulepreload" crossorigin href="/assets/react-b.js">';

  it("names the route's chunks and what they import, not what index.html names already", () => {
    expect(pageChunks(manifest, '/viz', html)).toEqual(['/assets/explore-c.js', '/assets/charts-d.js', '/assets/prefetch-e.js']);
    expect(pageChunks(manifest, '/station/12', html)).toEqual(['/assets/station-f.js']);
    // /dashboard/stations/{id} is the all-stations map on a station, not the station page.
    expect(pageChunks(manifest, '/dashboard/stations/12', html)).toEqual([
      '/assets/stations-map-i.js',
      '/assets/map-canvas-j.js',
    ]);
    expect(pageChunks(manifest, '/dashboard/stations/map', html)).toEqual([
      '/assets/stations-map-i.js',
      '/assets/map-canvas-j.js',
    ]);
    expect(pageChunks(manifest, '/dashboard/projects/3/station/12', html)).toEqual(['/assets/station-f.js']);
    expect(pageChunks(manifest, '/login', html)).toEqual(['/assets/login-g.js', '/assets/form-h.js']);
  });

  it('names nothing for other pages (the control)', () => {
    for (const page of [
      '/',
      '/dashboard',
      '/viz/share',
      '/station/12/photos',
      '/dashboard/stations/list',
      '/login/a/b',
      '/registered',
    ]) {
      expect(pageChunks(manifest, page, html)).toEqual([]);
    }
  });

  const built = readManifest(webDistDir);
  (built ? it : it.skip)('every module it names is in the current build', () => {
    for (const { modules } of PAGE_CODE) for (const key of modules) expect(built?.[key]).toBeDefined();
    const index = readFileSync(path.join(webDistDir, 'index.html'), 'utf8');
    const chunks = pageChunks(built!, '/viz', index);
    expect(chunks.length).toBeGreaterThan(0);
    for (const chunk of chunks) expect(existsSync(path.join(webDistDir, chunk))).toBe(true);
  });
});
