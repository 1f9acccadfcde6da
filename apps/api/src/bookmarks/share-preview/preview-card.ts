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
  readonly points: readonly { readonly t: number; readonly v: number | null }[];
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

/** One path per series, breaking where a value is missing; y scaled to all series' span. */
const paths = (
  series: readonly CardSeries[],
  range: readonly [number, number],
  box: { x: number; y: number; w: number; h: number },
) => {
  const values = series.flatMap((s) => s.points.flatMap((p) => (p.v === null ? [] : [p.v])));
  if (values.length === 0) return null;
  let min = Math.min(...values);
  let max = Math.max(...values);
  if (min === max) {
    min -= 1;
    max += 1;
  }
  const span = Math.max(1, range[1] - range[0]);
  const x = (t: number) => round(box.x + ((t - range[0]) / span) * box.w);
  const y = (v: number) => round(box.y + box.h - ((v - min) / (max - min)) * box.h);
  const lines = series.map((s) => {
    let d = '';
    let pen = false;
    for (const p of s.points) {
      if (p.v === null || p.t < range[0] || p.t > range[1]) {
        pen = false;
        continue;
      }
      d += `${pen ? 'L' : 'M'}${x(p.t)} ${y(p.v)}`;
      pen = true;
    }
    return d === '' ? '' : `<path d="${d}" fill="none" stroke="${escapeXml(s.color)}" stroke-width="3" stroke-linejoin="round"/>`;
  });
  return { lines: lines.join(''), min, max };
};

const FONT = 'font-family="DejaVu Sans, Helvetica, Arial, sans-serif"';

/** The 1200×630 card (the size link previews use): header, the first chart's lines, min and max. */
export const previewCardSvg = ({ title, subtitle, range, series, empty }: CardInput): string => {
  const { width, height, padding, headerHeight } = CARD;
  const box = {
    x: padding + 70,
    y: headerHeight + 20,
    w: width - 2 * padding - 70,
    h: height - headerHeight - 20 - padding - 40,
  };
  const drawn = paths(series, range, box);
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
    `<rect x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" fill="none" stroke="#cbd2d9"/>`,
    drawn
      ? `<text x="${box.x - 10}" y="${box.y + 16}" ${FONT} font-size="18" fill="#52606d" text-anchor="end">${escapeXml(String(round(drawn.max)))}</text>` +
        `<text x="${box.x - 10}" y="${box.y + box.h}" ${FONT} font-size="18" fill="#52606d" text-anchor="end">${escapeXml(String(round(drawn.min)))}</text>` +
        drawn.lines
      : `<text x="${box.x + box.w / 2}" y="${box.y + box.h / 2}" ${FONT} font-size="30" fill="#52606d" text-anchor="middle">${escapeXml(empty)}</text>`,
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
