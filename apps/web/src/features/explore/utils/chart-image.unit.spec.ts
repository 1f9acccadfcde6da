import { describe, expect, it } from '@jest/globals';
import {
  chartAreaPixels,
  chartFileName,
  chartImageSize,
  composeChartSvg,
  composeSize,
  headerPhoto,
  pdfWithJpeg,
  stackChart,
} from './chart-image';

describe('chart image export (spec §9)', () => {
  it('saves PNG 3840×2160, SVG 1920×1080, both 1800×2500 on a phone; a PNG is drawn at a third and scaled 3×', () => {
    expect(chartImageSize('png', false)).toEqual({ width: 3840, height: 2160 });
    expect(chartImageSize('svg', false)).toEqual({ width: 1920, height: 1080 });
    expect(chartImageSize('png', true)).toEqual({ width: 1800, height: 2500 });
    expect(chartImageSize('svg', true)).toEqual({ width: 1800, height: 2500 });
    expect(composeSize('png', false)).toEqual({ width: 1280, height: 720 });
    expect(composeSize('svg', false)).toEqual({ width: 1920, height: 1080 });
  });

  it('gives the chart the file less its header: 80 units, 240 pixels in a PNG or PDF', () => {
    expect(chartAreaPixels('png', false)).toEqual({ width: 3840, height: 1920 });
    expect(chartAreaPixels('pdf', false)).toEqual({ width: 3840, height: 1920 });
    expect(chartAreaPixels('svg', false)).toEqual({ width: 1920, height: 1000 });
    expect(chartAreaPixels('png', true)).toEqual({ width: 1800, height: 2260 });
  });

  it('puts the header in the first 80 units and the drawn chart, re-placed, below it', () => {
    const sut = composeChartSvg({
      chart: '<svg width="600" height="320" role="img"><path d="M0 0L1 1"/></svg>',
      chartSize: { width: 600, height: 320 },
      title: 'Depth <inches> & "pH"',
      subtitle: '1/1/2026 – 1/2/2026',
      size: { width: 1920, height: 1080 },
    });
    expect(sut).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="1920" height="1080"/);
    expect(sut).toContain('Depth &lt;inches&gt; &amp; &quot;pH&quot;');
    expect(sut).toContain('<svg x="23" y="80" width="1875" height="1000" viewBox="0 0 600 320"');
    expect(sut).toContain('<path d="M0 0L1 1"/>');
    expect(sut).not.toContain('role="img"');
  });

  it('keeps a wide chart right under its title: the pair centred on the page, no empty band between them', () => {
    const sut = composeChartSvg({
      chart: '<svg width="1200" height="300"></svg>',
      chartSize: { width: 1200, height: 300 },
      title: 'Temperature',
      subtitle: '1/1/2026 – 1/2/2026',
      size: { width: 1920, height: 1080 },
    });
    // 1200 × 300 drawn 1920 × 480; the 520 units over are split above the title and below the chart.
    expect(sut).toContain('<svg x="0" y="340" width="1920" height="480" viewBox="0 0 1200 300"');
    const titleY = Number(/<text x="16" y="(\d+)"[^>]*font-weight="600"/.exec(sut)?.[1]);
    expect(titleY).toBe(260 + 36);
    expect(340 - titleY).toBeLessThan(80);
  });

  it('keeps a long title inside the image: a smaller font where the largest would run off the edge', () => {
    const input = { chart: '<svg width="360" height="320"></svg>', chartSize: { width: 360, height: 320 }, subtitle: 'x' };
    const fontOf = (svg: string) => Number(/font-size="(\d+)" font-weight="600"/.exec(svg)?.[1]);
    // A short title takes the header's size (0.32 × 80 units).
    expect(fontOf(composeChartSvg({ ...input, title: 'pH · Kingston', size: { width: 1800, height: 2500 } }))).toBe(26);
    // Three series' names on a phone's PNG (composed at a third of 1800 × 2500): narrower, so the title fits its width.
    const long = 'Temperature · Hudson at Kingston, pH · Hudson at Kingston, Conductivity · Hudson at Kingston';
    const phonePng = composeSize('png', true);
    const size = fontOf(composeChartSvg({ ...input, title: long, size: phonePng }));
    expect(size).toBeLessThan(26);
    expect(16 + long.length * 0.56 * size).toBeLessThanOrEqual(phonePng.width - 16);
  });

  it('names the file by the first and last days the window holds, in the reader’s days', () => {
    // Two weeks from local midnight to local midnight: the last day held is the 14th, not the 15th.
    expect(chartFileName('png', [new Date(2026, 0, 1).getTime(), new Date(2026, 0, 15).getTime()])).toBe(
      'groundtruth-chart-2026-01-01-to-2026-01-14.png',
    );
    expect(chartFileName('svg', [new Date(2026, 0, 1).getTime(), new Date(2026, 0, 15, 8, 40).getTime()])).toBe(
      'groundtruth-chart-2026-01-01-to-2026-01-15.svg',
    );
  });

  it('saves every panel of a chart under its legend, and a lone panel as it was drawn', () => {
    const panel = (height: number, mark: string) => ({
      chart: `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="${height}"><g id="${mark}"/></svg>`,
      chartSize: { width: 600, height },
    });
    const lone = panel(320, 'a');
    expect(stackChart([lone], [])).toBe(lone);

    const legend = [
      { color: 'rgb(0, 63, 92)', label: 'Temperature · Hudson at Kingston' },
      { color: '#6ef0da', label: 'pH <Kingston> & Beacon' },
    ];
    const { chart, chartSize } = stackChart([panel(160, 'temperature'), panel(160, 'ph')], legend);
    expect(chartSize).toEqual({ width: 600, height: 20 + 8 + 160 + 160 });
    // Both panels, the second under the first; both names, escaped; both colours.
    expect(chart).toContain('<svg x="0" y="28" width="600" height="160" viewBox="0 0 600 160"><g id="temperature"/></svg>');
    expect(chart).toContain('<svg x="0" y="188" width="600" height="160" viewBox="0 0 600 160"><g id="ph"/></svg>');
    expect(chart).toContain('>Temperature · Hudson at Kingston</text>');
    expect(chart).toContain('>pH &lt;Kingston&gt; &amp; Beacon</text>');
    expect(chart).toContain('fill="rgb(0, 63, 92)"');
    expect(chart).toContain('fill="#6ef0da"');
    // A legend wider than the chart wraps to a second row.
    const narrow = stackChart([{ ...panel(100, 'x'), chartSize: { width: 200, height: 100 } }], legend);
    expect(narrow.chartSize.height).toBe(2 * 20 + 8 + 100);
    expect(() => stackChart([], [])).toThrow('No drawn chart');
  });

  it('writes a PDF whose cross-reference table points at each object, the image 190 mm wide at a 10 mm margin', () => {
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xd9]);
    const bytes = pdfWithJpeg(jpeg, { width: 3840, height: 2160 });
    const text = new TextDecoder('latin1').decode(bytes);
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    const xref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...text.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, i) => expect(text.slice(offset, offset + 8)).toBe(`${i + 1} 0 obj\n`));
    // 190 mm = 538.58 pt wide, at 10 mm = 28.35 pt from the left.
    expect(text).toContain('q 538.58 0 0 302.95 28.35');
  });
});

describe('the project photo in the chart header (spec §9)', () => {
  it('sits at the header’s left, the title beside it, and is an embedded image', () => {
    const sut = composeChartSvg({
      chart: '<svg width="600" height="320"></svg>',
      chartSize: { width: 600, height: 320 },
      title: 'Depth',
      subtitle: 'x',
      size: { width: 1920, height: 1080 },
      photo: { href: 'data:image/jpeg;base64,AAAA', size: { width: 800, height: 600 } },
    });
    // 64 units tall (80 less 8 above and below), 4:3 kept: 85 wide; the title 16 units after it.
    expect(sut).toContain('<image href="data:image/jpeg;base64,AAAA" x="8" y="8" width="85" height="64"');
    expect(sut).toMatch(/<text x="109" [^>]*>Depth<\/text>/);
    const without = composeChartSvg({
      chart: '<svg></svg>',
      chartSize: { width: 600, height: 320 },
      title: 'Depth',
      subtitle: 'x',
      size: { width: 1920, height: 1080 },
    });
    expect(without).not.toContain('<image');
    expect(without).toMatch(/<text x="16" [^>]*>Depth<\/text>/);
  });

  it('waits 500 ms, then 10 × 200 ms, for the photo; goes without it after that or when it fails', async () => {
    const waits: number[] = [];
    const sleep = (ms: number) => {
      waits.push(ms);
      return Promise.resolve();
    };
    expect(await headerPhoto(new Promise<string>(() => undefined), sleep)).toBeNull();
    expect(waits).toEqual([500, ...Array.from({ length: 10 }, () => 200)]);
    expect(await headerPhoto(Promise.reject(new Error('404')), sleep)).toBeNull();
    expect(await headerPhoto(Promise.resolve('photo'), () => new Promise(() => undefined))).toBe('photo');
  });
});
