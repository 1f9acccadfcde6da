import { UpcasterRegistry } from './upcasters.js';

describe('upcaster registry', () => {
  it('chains upcasters until the current version and leaves current events alone', () => {
    const sut = new UpcasterRegistry()
      .register('Named', (e) => ({ type: 'NamedV2', data: { ...(e.data as object), v: 2 } }))
      .register('NamedV2', (e) => ({ type: 'NamedV3', data: { ...(e.data as object), v: 3 } }));
    expect(sut.upcast({ type: 'Named', data: { a: 1 } })).toEqual({ type: 'NamedV3', data: { a: 1, v: 3 } });
    expect(sut.upcast({ type: 'Other', data: 1 })).toEqual({ type: 'Other', data: 1 });
  });

  it('refuses two upcasters for one type', () => {
    const sut = new UpcasterRegistry().register('A', (e) => e);
    expect(() => sut.register('A', (e) => e)).toThrow(/already registered/);
  });
});
