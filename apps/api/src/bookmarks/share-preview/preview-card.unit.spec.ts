import { previewCardSvg, sharePageHtml } from './preview-card.js';

describe('share preview card and page', () => {
  it('draws each series as a path broken where a value is missing, scaled into the plot', () => {
    const sut = previewCardSvg({
      title: 'Depth · Pier',
      subtitle: '2025-06-01 to 2025-06-02',
      range: [0, 100],
      series: [
        {
          label: 'Depth',
          color: '#003F5C',
          unit: 'in',
          sensorKey: 'depth',
          sensor: 'Depth',
          points: [
            { t: 0, v: 1 },
            { t: 50, v: null },
            { t: 60, v: 3 },
            { t: 100, v: 2 },
          ],
        },
      ],
      empty: 'No data',
    });
    expect(sut).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="1200" height="630"/);
    const d = /<path d="([^"]+)"/.exec(sut)![1]!;
    expect(d.match(/M/g)).toHaveLength(2); // the gap breaks the line
    expect(sut).not.toContain('No data');
  });

  it('draws one labelled axis per quantity: temperature and pH apart, pH not flattened against temperature', () => {
    const hours = Array.from({ length: 48 }, (_, i) => i * 3_600_000);
    const sut = previewCardSvg({
      title: 'Temperature · Pier and 1 more',
      subtitle: 'two days',
      range: [0, 47 * 3_600_000],
      series: [
        {
          label: 'Temperature · Pier',
          color: '#003F5C',
          unit: '°C',
          sensorKey: 'temp',
          sensor: 'Temperature',
          points: hours.map((t, i) => ({ t, v: 10 + (i % 24), min: 9 + (i % 24), max: 11 + (i % 24) })),
        },
        {
          label: 'pH · Pier',
          color: '#6ef0da',
          unit: '',
          sensorKey: 'ph',
          sensor: 'pH',
          points: hours.map((t, i) => ({ t, v: 7 + (i % 2) * 0.4 })),
        },
      ],
      empty: 'No data',
    });
    // Two axes, each titled: the unit, or the sensor's name when it has none.
    expect([...sut.matchAll(/data-axis="([^"]+)"/g)].map((m) => m[1])).toEqual(['°C', 'pH']);
    const [temperature, ph] = [...sut.matchAll(/<path d="([^"]+)"/g)].map((m) =>
      [...m[1]!.matchAll(/[ML][\d.]+ ([\d.]+)/g)].map((y) => Number(y[1])),
    );
    // Each line spans much of its own panel's height (pH varies by 0.4, temperature by 23 °C): a
    // shared axis would leave pH a flat line.
    const spread = (ys: number[]) => Math.max(...ys) - Math.min(...ys);
    expect(spread(ph!)).toBeGreaterThan(100);
    expect(spread(temperature!)).toBeGreaterThan(100);
    // The panels do not overlap: pH is drawn below temperature.
    expect(Math.min(...ph!)).toBeGreaterThan(Math.max(...temperature!));
    // Round values on each axis, and the temperature's envelope.
    expect(sut).toContain('>7.0</text>');
    expect(sut).toMatch(/<polygon points="[^"]+" fill="#003F5C" fill-opacity="0.2"\/>/);
  });

  it('says so when there is nothing to draw', () => {
    const sut = previewCardSvg({ title: 't', subtitle: 's', range: [0, 1], series: [], empty: 'No data' });
    expect(sut).toContain('>No data</text>');
    expect(sut).not.toContain('<path');
  });

  it('escapes what it is given in the page tags', () => {
    const sut = sharePageHtml({
      title: 'A "quoted" <b>name</b>',
      description: 'd & e',
      imageUrl: 'http://x/api/bookmarks/preview?v=abc',
      pageUrl: 'http://x/viz/share?v=abc',
      workspacePath: '/viz?v=abc',
    });
    expect(sut).toContain('<meta property="og:title" content="A &quot;quoted&quot; &lt;b&gt;name&lt;/b&gt;">');
    expect(sut).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(sut).toContain('<meta http-equiv="refresh" content="0; url=/viz?v=abc">');
  });
});
