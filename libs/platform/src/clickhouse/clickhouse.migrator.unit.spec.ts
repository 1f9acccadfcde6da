import { splitSqlStatements } from './clickhouse.migrator.js';

describe('splitSqlStatements', () => {
  it('splits at a semicolon that ends a line and drops comment-only pieces', () => {
    const sql = [
      '-- the first table',
      'CREATE TABLE a (x UInt8) ENGINE = Memory;',
      '',
      '/* the second',
      '   table */',
      'CREATE TABLE b (y UInt8) ENGINE = Memory; -- trailing comment',
      'CREATE TABLE c (z UInt8) ENGINE = Memory',
      '-- the end',
    ].join('\n');

    const sut = splitSqlStatements(sql);

    expect(sut).toEqual([
      '-- the first table\nCREATE TABLE a (x UInt8) ENGINE = Memory',
      '/* the second\n   table */\nCREATE TABLE b (y UInt8) ENGINE = Memory',
      'CREATE TABLE c (z UInt8) ENGINE = Memory\n-- the end',
    ]);
  });

  it('keeps a semicolon that does not end a line inside its statement', () => {
    expect(splitSqlStatements("SELECT 'a;b', ';' AS c;\n")).toEqual(["SELECT 'a;b', ';' AS c"]);
  });

  it('returns nothing for a file of comments', () => {
    expect(splitSqlStatements('-- nothing here;\n/* nor; here */\n;\n')).toEqual([]);
  });
});
