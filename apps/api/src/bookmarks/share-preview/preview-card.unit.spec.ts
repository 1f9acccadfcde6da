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
