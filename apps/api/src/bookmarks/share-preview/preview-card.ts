import { axisGroups } from '@groundtruth/domain';

/**
 * The pictures and page behind a shared workspace link (issue 14: `/viz/share?v=` with preview tags
 * and an image of the chart rendered by the server). Pure string builders: the card is an SVG that
 * sharp turns into the PNG link previews show; the page carries the Open Graph and Twitter tags and
 * sends people on to the workspace.
 */

export const CARD = { width: 1200, height: 630, padding: 48, headerHeight: 120 } as const;

export type CardSeries = {
  readonly label: string;
  readonly color: string;
  /** The catalogue's unit ('' for pH and other unitless sensors). */
  readonly unit: string;
  /** The catalogue's sensor key: unitless sensors get an axis each by it. */
  readonly sensorKey: string;
  /** The axis title when the sensor has no unit (its name). */
  readonly sensor: string;
  /** Each bucket's value (mean, or maximum for depth) and, when it summarises several readings, its min and max. */
  readonly points: readonly {
    readonly t: number;
    readonly v: number | null;
    readonly min?: number | null;
    readonly max?: number | null;
  }[];
};

export type CardInput = {
  readonly title: string;
  readonly subtitle: string;
  /** The chart's window (ms). */
  readonly range: readonly [number, number];
  readonly series: readonly CardSeries[];
  /** Shown instead of lines when no series has a value (no data, or data that is not public). */
  readonly empty: string;
};

export const escapeXml = (text: string): string =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c]!);

const round = (n: number) => Math.round(n * 10) / 10;

type Box = { readonly x: number; readonly y: number; readonly w: number; readonly h: number };

/** Round tick values over [lo, hi] (1, 2 or 5 × a power of ten apart), about `count` of them, and the decimals they need. */
export const cardTicks = (lo: number, hi: number, count = 4): { min: number; max: number; ticks: number[]; decimals: number } => {
  if (lo === hi) {
    lo -= 1;
    hi += 1;
  }
  const raw = (hi - lo) / Math.max(1, count - 1);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
  const min = Math.floor(lo / step) * step;
  const max = Math.ceil(hi / step) * step;
  const ticks: number[] = [];
  for (let v = min; v <= max + step / 2; v += step) ticks.push(Math.round(v / step) * step);
  return { min, max, ticks, decimals: Math.max(0, -Math.floor(Math.log10(step))) };
};

/**
 * One panel of the card: the series of one quantity on their own labelled axis (as the workspace
 * draws them), each a line broken where a value is missing over its min–max envelope.
 */
const panel = (members: readonly CardSeries[], title: string, range: readonly [number, number], box: Box): string => {
  const values = members.flatMap((s) =>
    s.points.flatMap((p) => [p.v, p.min ?? null, p.max ?? null].filter((v): v is number => v !== null)),
  );
  if (values.length === 0) return '';
  const axis = cardTicks(Math.min(...values), Math.max(...values), box.h < 200 ? 3 : 5);
  const span = Math.max(1, range[1] - range[0]);
  const x = (t: number) => round(box.x + ((t - range[0]) / span) * box.w);
  const y = (v: number) => round(box.y + box.h - ((v - axis.min) / (axis.max - axis.min)) * box.h);
  const inside = (t: number) => t >= range[0] && t <= range[1];
  const parts: string[] = [`<rect x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" fill="none" stroke="#cbd2d9"/>`];
  for (const tick of axis.ticks) {
    parts.push(
      `<line x1="${box.x}" x2="${box.x + box.w}" y1="${y(tick)}" y2="${y(tick)}" stroke="#e4e7eb"/>`,
      `<text x="${box.x - 8}" y="${y(tick) + 6}" ${FONT} font-size="16" fill="#52606d" text-anchor="end">${escapeXml(tick.toFixed(axis.decimals))}</text>`,
    );
  }
  const middle = round(box.y + box.h / 2);
  parts.push(
    `<text transform="translate(${box.x - 62} ${middle}) rotate(-90)" ${FONT} font-size="18" fill="#1f2933" text-anchor="middle" data-axis="${escapeXml(title)}">${escapeXml(title.slice(0, 24))}</text>`,
  );
  for (const s of members) {
    // The envelope, one polygon per run without a gap.
    let band: { t: number; min: number; max: number }[] = [];
    const bands: (typeof band)[] = [];
    for (const p of s.points) {
      if (!inside(p.t) || p.min == null || p.max == null || p.v === null) {
        if (band.length > 0) bands.push(band);
        band = [];
        continue;
      }
      band.push({ t: p.t, min: p.min, max: p.max });
    }
    if (band.length > 0) bands.push(band);
    for (const run of bands.filter((r) => r.length > 1 && r.some((b) => b.max > b.min))) {
      const top = run.map((b) => `${x(b.t)},${y(b.max)}`);
      const bottom = run.map((b) => `${x(b.t)},${y(b.min)}`).reverse();
      parts.push(`<polygon points="${[...top, ...bottom].join(' ')}" fill="${escapeXml(s.color)}" fill-opacity="0.2"/>`);
    }
    let d = '';
    let pen = false;
    for (const p of s.points) {
      if (p.v === null || !inside(p.t)) {
        pen = false;
        continue;
      }
      d += `${pen ? 'L' : 'M'}${x(p.t)} ${y(p.v)}`;
      pen = true;
    }
    if (d !== '')
      parts.push(`<path d="${d}" fill="none" stroke="${escapeXml(s.color)}" stroke-width="3" stroke-linejoin="round"/>`);
  }
  return parts.join('');
};

const FONT = 'font-family="DejaVu Sans, Helvetica, Arial, sans-serif"';

/** The most panels a card stacks (spec §9: at most three axes). */
const MAX_PANELS = 3;

/**
 * The 1200×630 card (the size link previews use): header, then the first chart's series with one
 * panel per quantity (a unit, or a unitless sensor), each on its own axis titled by its unit or
 * sensor and marked with round values, as the workspace draws them; a legend names the series.
 */
export const previewCardSvg = ({ title, subtitle, range, series, empty }: CardInput): string => {
  const { width, height, padding, headerHeight } = CARD;
  const plot: Box = {
    x: padding + 90,
    y: headerHeight + 20,
    w: width - 2 * padding - 90,
    h: height - headerHeight - 20 - padding - 40,
  };
  const drawnSeries = series.filter((s) => s.points.some((p) => p.v !== null && p.t >= range[0] && p.t <= range[1]));
  const groups = axisGroups(drawnSeries).slice(0, MAX_PANELS);
  const gap = 16;
  const panelHeight = groups.length > 0 ? (plot.h - gap * (groups.length - 1)) / groups.length : plot.h;
  const panels = groups.map((group, i) =>
    panel(group.members, group.unit || (group.members[0]?.sensor ?? ''), range, {
      ...plot,
      y: round(plot.y + i * (panelHeight + gap)),
      h: round(panelHeight),
    }),
  );
  const legend = series
    .map(
      (s, i) =>
        `<rect x="${padding + i * 360}" y="${height - padding - 14}" width="18" height="18" fill="${escapeXml(s.color)}"/>` +
        `<text x="${padding + i * 360 + 26}" y="${height - padding}" ${FONT} font-size="20" fill="#1f2933">${escapeXml(s.label.slice(0, 30))}</text>`,
    )
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    `<rect width="100%" height="10" fill="#003f5c"/>`,
    `<text x="${padding}" y="${padding + 28}" ${FONT} font-size="38" font-weight="bold" fill="#1f2933">${escapeXml(title.slice(0, 60))}</text>`,
    `<text x="${padding}" y="${padding + 68}" ${FONT} font-size="24" fill="#52606d">${escapeXml(subtitle.slice(0, 90))}</text>`,
    panels.length > 0
      ? panels.join('')
      : `<rect x="${plot.x}" y="${plot.y}" width="${plot.w}" height="${plot.h}" fill="none" stroke="#cbd2d9"/>` +
        `<text x="${plot.x + plot.w / 2}" y="${plot.y + plot.h / 2}" ${FONT} font-size="30" fill="#52606d" text-anchor="middle">${escapeXml(empty)}</text>`,
    legend,
    `</svg>`,
  ].join('');
};

export type SharePage = {
  readonly title: string;
  readonly description: string;
  /** Absolute addresses: previews fetch them from elsewhere. */
  readonly imageUrl: string;
  readonly pageUrl: string;
  /** Where a person goes: the workspace (a path of this site). */
  readonly workspacePath: string;
};

/**
 * The page link previews read (Open Graph and Twitter card tags); a person is sent on to the
 * workspace at once (meta refresh: the CSP allows no inline script) and has a link if that is off.
 */
export const sharePageHtml = ({ title, description, imageUrl, pageUrl, workspacePath }: SharePage): string => {
  const e = escapeXml;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${e(title)}</title>
<meta name="description" content="${e(description)}">
<meta property="og:type" content="website">
<meta property="og:site_name" content="Groundtruth">
<meta property="og:title" content="${e(title)}">
<meta property="og:description" content="${e(description)}">
<meta property="og:url" content="${e(pageUrl)}">
<meta property="og:image" content="${e(imageUrl)}">
<meta property="og:image:type" content="image/png">
<meta property="og:image:width" content="${CARD.width}">
<meta property="og:image:height" content="${CARD.height}">
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:title" content="${e(title)}">
<meta name="twitter:description" content="${e(description)}">
<meta name="twitter:image" content="${e(imageUrl)}">
<meta http-equiv="refresh" content="0; url=${e(workspacePath)}">
</head>
<body>
<p><a href="${e(workspacePath)}">${e(title)}</a></p>
</body>
</html>
`;
};
