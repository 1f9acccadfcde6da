import { localeFromAcceptLanguage, termsAreCurrent } from './user.rules.js';

describe('localeFromAcceptLanguage', () => {
  it.each([
    [undefined, 'en-US'],
    ['', 'en-US'],
    ['es-ES', 'es-ES'],
    ['es', 'es-ES'],
    ['es-MX,es;q=0.9', 'es-ES'],
    ['en-GB,en;q=0.9,es;q=0.8', 'en-US'],
    ['fr-CA, es;q=0.8, en;q=0.5', 'es-ES'],
    ['en;q=0.2, es;q=0.9', 'es-ES'],
    ['es;q=0, en', 'en-US'],
    ['de-DE', 'en-US'],
    ['*', 'en-US'],
  ] as const)('reads %p as %s', (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });
});

describe('termsAreCurrent', () => {
  it('is true only for an acceptance on or after the terms date', () => {
    expect(termsAreCurrent(null, '2020-11-17')).toBe(false);
    expect(termsAreCurrent('2020-11-16T23:59:59Z', '2020-11-17')).toBe(false);
    expect(termsAreCurrent('2020-11-17T00:00:00Z', '2020-11-17')).toBe(true);
  });
});
