import { inlineQueryParams as sut } from './inline-params.js';

describe('inlineQueryParams', () => {
  it('writes numbers, arrays and strings in as typed literals', () => {
    expect(sut('SELECT 1 WHERE s IN {stations:Array(UInt32)} AND t >= {from:Int64}', { stations: [3, 4], from: -5 })).toBe(
      'SELECT 1 WHERE s IN CAST([3,4] AS Array(UInt32)) AND t >= CAST(-5 AS Int64)',
    );
    expect(sut('SELECT {n:String}', { n: "it's \\ here" })).toBe("SELECT CAST('it\\'s \\\\ here' AS String)");
    expect(sut('SELECT {a:Array(UInt32)}', { a: [] })).toBe('SELECT CAST([] AS Array(UInt32))');
  });

  it('leaves a statement without parameters as it is', () => {
    expect(sut('SELECT {x:UInt8}', undefined)).toBe('SELECT {x:UInt8}');
  });

  it('refuses what it cannot write safely: a missing value, a non-finite number, an object, an odd type', () => {
    expect(() => sut('SELECT {x:UInt8}', { y: 1 })).toThrow(/x is not given/);
    expect(() => sut('SELECT {x:Float64}', { x: Number.NaN })).toThrow(/finite/);
    expect(() => sut('SELECT {x:String}', { x: { a: 1 } })).toThrow(/literal/);
    expect(() => sut('SELECT {x:UInt8) ; DROP}', { x: 1 })).toThrow(/unusual type/);
  });
});
