import { mapSnapshotSvg, type MapSnapshot } from '@/components/map/map-snapshot';
import { escapeXml, type ChartDrawing, type Size } from './chart-image';

/** One colour of the map chart's key: a threshold level, 'no data', … */
export type MapLegendItem = { readonly color: string; readonly label: string };

const FONT = 'Roboto, Helvetica, Arial, sans-serif';
/** The key's rows, in the map's CSS pixels; 12 px text is about 6.5 px a character. */
const ROW = 24;
const CHAR_WIDTH = 6.5;
const SWATCH = 12;
const PAD = 8;

/**
 * The key under the map, laid out in rows of `width`: an optional lead ('Values in °C'), then each
 * colour's swatch and label, wrapping as text does. Its height is whole rows.
 */
export const mapLegendSvg = (
  items: readonly MapLegendItem[],
  lead: string,
  width: number,
): { readonly markup: string; readonly height: number } => {
  const parts: string[] = [];
  let x = PAD;
  let row = 0;
  const place = (itemWidth: number): number => {
    if (x > PAD && x + itemWidth > width - PAD) {
      row += 1;
      x = PAD;
    }
    const at = x;
    x += itemWidth + 16;
    return at;
  };
  const baseline = () => row * ROW + ROW / 2 + 4;
  if (lead) {
    const at = place(lead.length * CHAR_WIDTH);
    parts.push(
      `<text x="${at}" y="${baseline()}" font-family="${FONT}" font-size="12" font-weight="600" fill="#1f2933">${escapeXml(lead)}</text>`,
    );
  }
  for (const item of items) {
    const at = place(SWATCH + 6 + item.label.length * CHAR_WIDTH);
    const middle = row * ROW + ROW / 2;
    parts.push(
      `<circle cx="${at + SWATCH / 2}" cy="${middle}" r="${SWATCH / 2}" fill="${escapeXml(item.color)}" stroke="#ffffff" stroke-width="1.5"/>`,
      `<text x="${at + SWATCH + 6}" y="${baseline()}" font-family="${FONT}" font-size="12" fill="#333333">${escapeXml(item.label)}</text>`,
    );
  }
  const rows = parts.length === 0 ? 0 : row + 1;
  return { markup: parts.join(''), height: rows * ROW };
};

/**
 * The pixel ratio to draw the map's canvas at so that, placed into `area` pixels with its key below
 * (kept in proportion, as composeChartSvg places a chart), it is not enlarged: one canvas pixel to one
 * pixel of the file at least.
 */
export const mapPixelRatio = (box: Size, legendHeight: number, area: Size): number =>
  Math.min(area.width / box.width, area.height / (box.height + legendHeight));

/** The map chart as the other charts are saved: the map (basemap, markers, credits) and its key under it. */
export const mapChartDrawing = (
  snapshot: MapSnapshot,
  legend: { readonly markup: string; readonly height: number },
): ChartDrawing => {
  const { width, height } = snapshot;
  const map = mapSnapshotSvg(snapshot)
    .replace(/^<svg\b[^>]*>/, '')
    .replace(/<\/svg>\s*$/, '');
  const total = height + legend.height;
  return {
    chart: [
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${total}" viewBox="0 0 ${width} ${total}">`,
      `<svg x="0" y="0" width="${width}" height="${height}" overflow="hidden">${map}</svg>`,
      legend.height > 0 ? `<g transform="translate(0 ${height})">${legend.markup}</g>` : '',
      `</svg>`,
    ].join(''),
    chartSize: { width, height: total },
  };
};
