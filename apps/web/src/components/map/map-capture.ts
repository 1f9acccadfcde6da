import type * as maplibregl from 'maplibre-gl';
import type { LngLat } from './map-geometry';
import type { MapSnapshot, MapSnapshotMarker } from './map-snapshot';

/** A marker or cluster in the page: its button and where it stands. */
type Drawn = { readonly element: HTMLElement; readonly position: LngLat };

/** Waiting longer than this for the basemap to finish drawing, the picture is taken as it is. */
const SETTLE_MS = 10_000;
/** Markers this far outside the box still show part of themselves. */
const MARKER_OVERHANG = 20;

/** Resolves once the map has nothing left to draw (sources loaded, labels faded in), or after `ms`. */
const settled = (map: maplibregl.Map, ms: number): Promise<void> =>
  new Promise((resolve) => {
    const done = () => {
      window.clearTimeout(timer);
      map.off('idle', done);
      resolve();
    };
    const timer = window.setTimeout(done, ms);
    map.on('idle', done);
    // A map already idle fires 'idle' again after this frame.
    map.triggerRepaint();
  });

/**
 * The canvas as a PNG, read in the 'render' event of a frame: WebGL clears its drawing buffer once the
 * frame is shown, so reading it at any other time gives a blank picture. (preserveDrawingBuffer would
 * keep it, at a cost on every frame of every map, for a picture taken now and then.)
 */
const canvasImage = (map: maplibregl.Map): Promise<string> =>
  new Promise((resolve, reject) => {
    map.once('render', () => {
      try {
        resolve(map.getCanvas().toDataURL('image/png'));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    map.triggerRepaint();
  });

const markerOf = (map: maplibregl.Map, drawn: Drawn): { marker: MapSnapshotMarker; z: number } => {
  const point = map.project(drawn.position as [number, number]);
  const { element } = drawn;
  return {
    marker: {
      x: point.x,
      y: point.y,
      color: element.style.getPropertyValue('--gt-marker-colour').trim() || '#00ccff',
      textColor: element.style.getPropertyValue('--gt-marker-text').trim() || '#000000',
      text: element.firstElementChild?.textContent ?? '',
      muted: element.dataset['muted'] === 'true',
      cluster: element.classList.contains('gt-map-cluster'),
    },
    z: Number(element.style.zIndex) || 0,
  };
};

/**
 * What the map shows now (map-snapshot.ts): the canvas drawn again at `pixelRatio` (never below the
 * screen's; MapLibre lowers it to its largest canvas), and the markers in the page at their places.
 * The map's own pixel ratio is given back afterwards.
 */
export const captureMap = async (
  map: maplibregl.Map,
  drawn: readonly Drawn[],
  pixelRatio: number | undefined,
): Promise<MapSnapshot> => {
  const container = map.getContainer();
  const { clientWidth: width, clientHeight: height } = container;
  if (width === 0 || height === 0) throw new Error('The map is not shown.');
  const screen = map.getPixelRatio();
  const raised = pixelRatio !== undefined && pixelRatio > screen;
  try {
    if (raised) map.setPixelRatio(pixelRatio);
    await settled(map, SETTLE_MS);
    const image = await canvasImage(map);
    const markers = drawn
      .filter((d) => d.element.isConnected)
      .map((d) => markerOf(map, d))
      .filter(
        ({ marker: m }) =>
          m.x > -MARKER_OVERHANG && m.y > -MARKER_OVERHANG && m.x < width + MARKER_OVERHANG && m.y < height + MARKER_OVERHANG,
      )
      // The page draws a higher z-index above; the picture draws later above.
      .sort((a, b) => a.z - b.z)
      .map(({ marker }) => marker);
    return {
      image,
      width,
      height,
      pixelRatio: map.getCanvas().width / width,
      markers,
      attribution: container.querySelector('.maplibregl-ctrl-attrib-inner')?.textContent ?? '',
    };
  } finally {
    // Null gives the map back to the screen's pixel ratio (MapLibre's documented reset).
    if (raised) map.setPixelRatio(null as unknown as number);
  }
};
