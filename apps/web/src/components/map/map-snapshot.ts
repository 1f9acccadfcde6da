/**
 * The map as a picture, for saving it (the explore workspace's map chart). The basemap is WebGL, so
 * it comes out as a raster (the canvas, drawn again at the pixel ratio asked for); the markers are
 * buttons in the page, not on the canvas, so they are drawn here again as vectors at the places the
 * map projects them to. Nothing here imports MapLibre: the capture itself is in map-capture.ts.
 */

/** One marker or cluster as drawn, in the map box's CSS pixels. */
export type MapSnapshotMarker = {
  readonly x: number;
  readonly y: number;
  readonly color: string;
  /** Its text colour (black or white, whichever reads better on `color`). */
  readonly textColor: string;
  readonly text: string;
  readonly muted: boolean;
  readonly cluster: boolean;
};

export type MapSnapshot = {
  /** The canvas as a PNG data URL (an SVG drawn as an image loads nothing from outside). */
  readonly image: string;
  /** The map box's size in CSS pixels; the image has `pixelRatio` times as many pixels. */
  readonly width: number;
  readonly height: number;
  readonly pixelRatio: number;
  /** Bottom of the drawing order first. */
  readonly markers: readonly MapSnapshotMarker[];
  /** The map data's credits (the attribution control's text): the licences ask for them on copies. */
  readonly attribution: string;
};

/** Draws what the map shows now, its canvas at `pixelRatio` (at least the screen's); rejects when it cannot. */
export type MapCapture = (options?: { readonly pixelRatio?: number }) => Promise<MapSnapshot>;

const escapeXml = (text: string): string =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

const FONT = 'Roboto, Helvetica, Arial, sans-serif';
/** Roboto bold at 12 px is about 7 px a character: the pill's width, as map-canvas.css sizes it. */
const CHAR_WIDTH = 7;

/** A marker as map-canvas.css draws it: a pill 30 high with its text, a 20 dot without, 36 for a cluster. */
const markerSvg = (m: MapSnapshotMarker): string => {
  const n = (v: number) => Math.round(v * 10) / 10;
  const empty = m.text.length === 0;
  const height = m.cluster ? 36 : empty ? 20 : 30;
  const width = empty ? height : Math.max(height, m.text.length * CHAR_WIDTH + 14);
  const rim = m.cluster ? 3 : 2;
  const stroke = m.muted ? '#424242' : '#ffffff';
  const dash = m.muted ? ' stroke-dasharray="4 3"' : '';
  const pill = `<rect x="${n(m.x - width / 2 + rim / 2)}" y="${n(m.y - height / 2 + rim / 2)}" width="${width - rim}" height="${height - rim}" rx="${(height - rim) / 2}" fill="${escapeXml(m.color)}" stroke="${stroke}" stroke-width="${rim}"${dash}/>`;
  const text = empty
    ? ''
    : `<text x="${n(m.x)}" y="${n(m.y + 4)}" text-anchor="middle" font-family="${FONT}" font-size="12" font-weight="700" fill="${escapeXml(m.textColor)}">${escapeXml(m.text)}</text>`;
  return pill + text;
};

/** Small print: 10 px text is about 5.5 px a character; lines 13 apart. */
const CREDIT_CHAR = 5.5;
const CREDIT_LINE = 13;

/** The credits in lines of at most `width` (at word breaks; a word longer than a line stands alone). */
export const creditLines = (credits: string, width: number): string[] => {
  const most = Math.max(10, Math.floor((width - 12) / CREDIT_CHAR));
  const lines: string[] = [];
  for (const word of credits.split(/\s+/).filter(Boolean)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && last.length + 1 + word.length <= most) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
};

/**
 * The snapshot as an `<svg>` of the box's size: the canvas image, the markers over it, and the credits
 * in the bottom right corner on a pale band (as the map shows them), wrapped to the map's width.
 */
export const mapSnapshotSvg = (snapshot: MapSnapshot): string => {
  const { width, height } = snapshot;
  const lines = creditLines(snapshot.attribution, width);
  const longest = Math.max(0, ...lines.map((line) => line.length));
  const band = { width: Math.min(width, longest * CREDIT_CHAR + 12), height: lines.length * CREDIT_LINE + 4 };
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<image href="${escapeXml(snapshot.image)}" x="0" y="0" width="${width}" height="${height}" preserveAspectRatio="none"/>`,
    `<g>${snapshot.markers.map(markerSvg).join('')}</g>`,
    lines.length > 0
      ? `<rect x="${width - band.width}" y="${height - band.height}" width="${band.width}" height="${band.height}" fill="#ffffff" fill-opacity="0.75"/>` +
        lines
          .map(
            (line, i) =>
              `<text x="${width - 6}" y="${height - band.height + (i + 1) * CREDIT_LINE}" text-anchor="end" font-family="${FONT}" font-size="10" fill="#333333">${escapeXml(line)}</text>`,
          )
          .join('')
      : '',
    `</svg>`,
  ].join('');
};
