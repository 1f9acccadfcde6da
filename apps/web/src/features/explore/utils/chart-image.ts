/**
 * Chart image export (spec §9 Chart export): PNG 3840×2160 (mobile 1800×2500), SVG 1920×1080 (mobile
 * 1800×2500), a scale factor of 3 (a PNG is its SVG drawn three times larger), a header of 80 units
 * above the chart (the project photo, at 600 pixels, then the title), and a PDF page with the image
 * 190 mm wide inside 10 mm margins. The header waits 500 ms, then up to 10 times 200 ms, for the photo.
 */
export const CHART_EXPORT = {
  png: { width: 3840, height: 2160 },
  svg: { width: 1920, height: 1080 },
  mobile: { width: 1800, height: 2500 },
  scale: 3,
  headerGap: 80,
  photo: { size: 600, waitMs: 500, retries: 10, retryMs: 200 },
  pdf: { widthMm: 190, marginMm: 10, pageWidthMm: 210, pageHeightMm: 297 },
} as const;

export type ChartImageFormat = 'png' | 'svg' | 'pdf';
export type Size = { readonly width: number; readonly height: number };

/** The pixel size of the file a format is saved at (a PDF holds the PNG). */
export const chartImageSize = (format: ChartImageFormat, mobile: boolean): Size => {
  if (mobile) return CHART_EXPORT.mobile;
  return format === 'svg' ? CHART_EXPORT.svg : CHART_EXPORT.png;
};

/** The size the composed SVG is drawn at: the file's size, or a third of it for a PNG (scale factor 3). */
export const composeSize = (format: ChartImageFormat, mobile: boolean): Size => {
  const size = chartImageSize(format, mobile);
  return format === 'svg' ? size : { width: size.width / CHART_EXPORT.scale, height: size.height / CHART_EXPORT.scale };
};

/**
 * The pixels the chart itself fills in the saved file: the file less the header (80 units, three times
 * as many pixels in a PNG). A raster inside the chart (the map's basemap) is drawn this sharp.
 */
export const chartAreaPixels = (format: ChartImageFormat, mobile: boolean): Size => {
  const size = chartImageSize(format, mobile);
  const header = format === 'svg' ? CHART_EXPORT.headerGap : CHART_EXPORT.headerGap * CHART_EXPORT.scale;
  return { width: size.width, height: size.height - header };
};

/** A drawn chart, ready to be placed under the header: its `<svg>` markup and its own size. */
export type ChartDrawing = { readonly chart: string; readonly chartSize: Size };

/** Draws the chart for a file whose chart part is `area` pixels (chartAreaPixels). */
export type ChartDrawer = (area: Size) => Promise<ChartDrawing>;

export const escapeXml = (text: string): string =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

export type ComposeInput = {
  /** The drawn chart's `<svg>` markup (its outerHTML). */
  readonly chart: string;
  /** The drawn chart's own size (its viewBox). */
  readonly chartSize: Size;
  /** The header: the chart's title, and the range it shows. */
  readonly title: string;
  readonly subtitle: string;
  readonly size: Size;
  /** The project photo for the header (a data URL, so that the image needs nothing from outside), if any. */
  readonly photo?: { readonly href: string; readonly size: Size } | null;
};

/** The photo's place in the header: 8 units from the top and left edges, as tall as the header allows. */
const photoBox = (photo: Size, gap: number): Size => {
  const height = gap - 16;
  const width = photo.height > 0 ? Math.min(3 * height, Math.round((height * photo.width) / photo.height)) : height;
  return { width, height };
};

/**
 * One SVG document: a white page of `size`, the header (project photo, title and subtitle, 80 units)
 * and right under it the drawn chart, scaled as large as the rest of the page holds, its proportions
 * kept. A chart wider than the page's proportions leaves room over: the header and chart stay together
 * and the pair is centred on the page, so no empty band parts the title from its chart.
 */
const round2 = (n: number): number => Math.round(n * 100) / 100;

export const composeChartSvg = ({ chart, chartSize, title, subtitle, size, photo = null }: ComposeInput): string => {
  const gap = CHART_EXPORT.headerGap;
  const box = photo ? photoBox(photo.size, gap) : null;
  const scale = Math.min(size.width / chartSize.width, (size.height - gap) / chartSize.height);
  const drawn = { width: chartSize.width * scale, height: chartSize.height * scale };
  const top = Math.max(0, Math.round((size.height - gap - drawn.height) / 2));
  const x = Math.round((size.width - drawn.width) / 2);
  const textX = box ? 8 + box.width + 16 : 16;
  // The chart's own <svg …> opening is replaced: it is placed and scaled here.
  const inner = chart.replace(/^<svg\b[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  // As large as spec §9's header allows, smaller when a long title (several series) would run off the
  // right edge (a phone's portrait image): a character is taken as 0.56 of the font size wide.
  const room = size.width - textX - 16;
  const fit = (text: string, largest: number) =>
    Math.max(8, Math.min(largest, Math.floor(room / Math.max(1, text.length * 0.56))));
  const titleSize = fit(title, Math.round(gap * 0.32));
  const subtitleSize = fit(subtitle, Math.round(gap * 0.22));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 ${size.width} ${size.height}">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    photo && box
      ? `<image href="${escapeXml(photo.href)}" x="8" y="${top + 8}" width="${box.width}" height="${box.height}" preserveAspectRatio="xMidYMid slice"/>`
      : '',
    `<text x="${textX}" y="${top + Math.round(gap * 0.45)}" font-family="Roboto, Helvetica, Arial, sans-serif" font-size="${titleSize}" font-weight="600" fill="#1f2933">${escapeXml(title)}</text>`,
    `<text x="${textX}" y="${top + Math.round(gap * 0.8)}" font-family="Roboto, Helvetica, Arial, sans-serif" font-size="${subtitleSize}" fill="#52606d">${escapeXml(subtitle)}</text>`,
    `<svg x="${x}" y="${top + gap}" width="${round2(drawn.width)}" height="${round2(drawn.height)}" viewBox="0 0 ${chartSize.width} ${chartSize.height}" preserveAspectRatio="xMidYMin meet">`,
    inner,
    `</svg>`,
    `</svg>`,
  ].join('');
};

/**
 * The photo for the header once it has loaded (spec §9): waited for 500 ms, then 10 more times
 * 200 ms; null when it cannot be had or has not come by then (the chart is saved without it).
 */
export const headerPhoto = async <T>(
  loading: Promise<T | null>,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T | null> => {
  const { waitMs, retries, retryMs } = CHART_EXPORT.photo;
  const settled = loading.then(
    (value) => ({ value }),
    () => ({ value: null }),
  );
  for (const ms of [waitMs, ...Array.from({ length: retries }, () => retryMs)]) {
    const first = await Promise.race([settled, sleep(ms).then(() => null)]);
    if (first) return first.value;
  }
  return null;
};

/**
 * `groundtruth-chart-2026-01-01-to-2026-01-14.png`: what and when, safe on every file system. The days
 * are the reader's, as the chart shows them, and the second is the last day the window holds (its end
 * is exclusive: a window ending at midnight would otherwise name the day after it).
 */
export const chartFileName = (format: ChartImageFormat, range: readonly [number, number]): string => {
  const day = (ms: number) => {
    const d = new Date(ms);
    return `${String(d.getFullYear()).padStart(4, '0')}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  };
  return `groundtruth-chart-${day(range[0])}-to-${day(Math.max(range[0], range[1] - 1))}.${format}`;
};

/** A legend entry of a saved chart: a series' colour and name. */
export type LegendEntry = { readonly color: string; readonly label: string };

const LEGEND = { font: 12, swatch: 12, gap: 16, row: 20, below: 8, left: 8 } as const;

/**
 * A drawn chart as one SVG: its legend (series colours and names, flowing in rows as wide as the
 * chart, the width of a label estimated from its length) above its panels (one per axis, each its
 * own @nivo <svg>), stacked. A single panel without a legend is the panel as it was drawn.
 */
export const stackChart = (panels: readonly ChartDrawing[], legend: readonly LegendEntry[]): ChartDrawing => {
  if (panels.length === 0) throw new Error('No drawn chart to save.');
  if (panels.length === 1 && legend.length === 0) return panels[0]!;
  const width = Math.max(...panels.map((p) => p.chartSize.width));
  const parts: string[] = [];
  // From a little inside the left edge: a swatch's stroke at x = 0 was cut off.
  let x = LEGEND.left;
  let y = 0;
  for (const entry of legend) {
    const w = LEGEND.swatch + 6 + Math.ceil(entry.label.length * LEGEND.font * 0.6);
    if (x > LEGEND.left && x + w > width) {
      x = LEGEND.left;
      y += LEGEND.row;
    }
    parts.push(
      `<rect x="${x}" y="${y + 4}" width="${LEGEND.swatch}" height="${LEGEND.swatch}" rx="3" fill="${escapeXml(entry.color)}" stroke="rgba(0,0,0,0.3)"/>`,
      `<text x="${x + LEGEND.swatch + 6}" y="${y + 14}" font-family="Roboto, Helvetica, Arial, sans-serif" font-size="${LEGEND.font}" fill="#1f2933">${escapeXml(entry.label)}</text>`,
    );
    x += w + LEGEND.gap;
  }
  let top = legend.length > 0 ? y + LEGEND.row + LEGEND.below : 0;
  for (const panel of panels) {
    const { width: w, height: h } = panel.chartSize;
    const inner = panel.chart.replace(/^<svg\b[^>]*>/, '').replace(/<\/svg>\s*$/, '');
    parts.push(`<svg x="0" y="${top}" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${inner}</svg>`);
    top += h;
  }
  return {
    chart: `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${top}" viewBox="0 0 ${width} ${top}">${parts.join('')}</svg>`,
    chartSize: { width, height: top },
  };
};

const MM_TO_PT = 72 / 25.4;

/**
 * A one-page A4 PDF holding a JPEG image 190 mm wide at the 10 mm margin (spec §9), written by hand:
 * five objects (catalog, pages, page, image, content) and the cross-reference table.
 */
export const pdfWithJpeg = (jpeg: Uint8Array, pixels: Size): Uint8Array => {
  const { widthMm, marginMm, pageWidthMm, pageHeightMm } = CHART_EXPORT.pdf;
  const pageW = pageWidthMm * MM_TO_PT;
  const pageH = pageHeightMm * MM_TO_PT;
  const w = widthMm * MM_TO_PT;
  const h = (w * pixels.height) / pixels.width;
  const x = marginMm * MM_TO_PT;
  const y = pageH - marginMm * MM_TO_PT - h;
  const n = (v: number) => v.toFixed(2);
  const content = `q ${n(w)} 0 0 ${n(h)} ${n(x)} ${n(y)} cm /Im0 Do Q`;
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (chunk: string | Uint8Array) => {
    const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    parts.push(bytes);
    length += bytes.length;
  };
  const object = (body: string | (() => void)) => {
    offsets.push(length);
    push(`${offsets.length} 0 obj\n`);
    if (typeof body === 'string') push(body);
    else body();
    push('\nendobj\n');
  };
  push('%PDF-1.4\n%\xE2\xE3\xCF\xD3\n');
  object('<< /Type /Catalog /Pages 2 0 R >>');
  object('<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object(
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${n(pageW)} ${n(pageH)}] /Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>`,
  );
  object(() => {
    push(
      `<< /Type /XObject /Subtype /Image /Width ${pixels.width} /Height ${pixels.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>\nstream\n`,
    );
    push(jpeg);
    push('\nendstream');
  });
  object(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  const xref = length;
  push(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`);
  for (const offset of offsets) push(`${String(offset).padStart(10, '0')} 00000 n \n`);
  push(`trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
