import { scriptSafeJson, withFirstAnswers } from './web-app.js';

describe('first answers in index.html', () => {
  const html =
    '<!doctype html><html><head><title>G</title><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>';

  it('puts them in a JSON script element before the app script, read back as they were', () => {
    const answers = {
      'GET /bookmarks/resolve?v=abc': { token: 'abc', bookmark: '{"t":"a</script><script>alert(1)</script>&\u2028"}' },
    };
    const out = withFirstAnswers(html, answers);
    const [, json] = /<script type="application\/json" id="gt-first-answers">(.*?)<\/script>/s.exec(out)!;
    expect(JSON.parse(json!)).toEqual(answers);
    expect(out.indexOf('gt-first-answers')).toBeLessThan(out.indexOf('/assets/index.js'));
    // Exactly the page's own two script ends: the answer's "</script>" did not close the element.
    expect(out.match(/<\/script>/g)).toHaveLength(2);
  });

  it('escapes what would end or split the element, and JSON.stringify alone would not (the control)', () => {
    const risky = { s: '</script><!--&\u2028\u2029' };
    expect(JSON.stringify(risky)).toContain('</script>');
    const safe = scriptSafeJson(risky);
    expect(safe).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(safe)).toEqual(risky);
  });
});
