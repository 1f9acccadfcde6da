import { UpcasterRegistry } from './upcasters.js';

describe('upcaster registry', () => {
  it('chains upcasters until the current version and leaves current events alone', () => {
    const sut = new UpcasterRegistry()
      .register('Named', (e) => ({ type: 'NamedV2', data: { ...(e.data as object), v: 2 } }))
      .register('NamedV2', (e) => ({ type: 'NamedV3', data: { ...(e.data as object), v: 3 } }));
    expect(sut.upcast({ type: 'Named', data: { a: 1 } })).toEqual({ type: 'NamedV3', data: { a: 1, v: 3 } });
    expect(sut.upcast({ type: 'Other', data: 1 })).toEqual({ type: 'Other', data: 1 });
  });

  it('ends the chain at an upcaster that keeps the type (a shape upgrade of the current version)', () => {
    const sut = new UpcasterRegistry()
      .register('Named', (e) => ({ type: 'NamedV2', data: e.data }))
      .register('NamedV2', (e) => ({ type: 'NamedV2', data: { flag: true, ...(e.data as object) } }));
    expect(sut.upcast({ type: 'Named', data: { a: 1 } })).toEqual({ type: 'NamedV2', data: { flag: true, a: 1 } });
    expect(sut.upcast({ type: 'NamedV2', data: { flag: false } })).toEqual({ type: 'NamedV2', data: { flag: false } });
  });

  it('refuses two upcasters for one type', () => {
    const sut = new UpcasterRegistry().register('A', (e) => e);
    expect(() => sut.register('A', (e) => e)).toThrow(/already registered/);
  });
});
