import { describe, expect, it } from '@jest/globals';
import { DomainError } from '@groundtruth/domain';
import { checkStatement, parseAstLines, type StatementScope } from './statement-check.js';

const scope: StatementScope = {
  analysisTables: new Set(['readings', 'readings_1d']),
  database: 'groundtruth',
  databaseTables: new Set(['readings', 'readings_1d', 'schema_migrations']),
  explainFormat: 'JSONEachRow',
};

/** EXPLAIN AST lines as chDB 26.7 printed them (quoted, one space of indent a level). */
const ast = (...lines: string[]) => parseAstLines(lines.map((l) => `"${l}"`));

const select = (...from: string[]) =>
  ast(
    'SelectWithUnionQuery (children 2)',
    ' ExpressionList (children 1)',
    '  SelectQuery (children 2)',
    '   ExpressionList (children 1)',
    '    Asterisk',
    '   TablesInSelectQuery (children 1)',
    '    TablesInSelectQueryElement (children 1)',
    '     TableExpression (children 1)',
    ...from.map((f) => `      ${f}`),
    ' Identifier JSONEachRow',
  );

const codeOf = (nodes: ReturnType<typeof ast>): string | null => {
  try {
    checkStatement(nodes, scope);
    return null;
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
};

describe('checkStatement', () => {
  it('passes a SELECT over analysis tables, bare or qualified, and a CTE name', () => {
    expect(codeOf(select('TableIdentifier readings'))).toBeNull();
    expect(codeOf(select('TableIdentifier groundtruth.readings_1d (alias d)'))).toBeNull();
    expect(codeOf(select('TableIdentifier hourly'))).toBeNull();
  });

  it('refuses other tables, table functions, SETTINGS, other statements and output clauses', () => {
    expect(codeOf(select('TableIdentifier system.tables'))).toBe('ANALYSIS.TABLE_NOT_ALLOWED');
    expect(codeOf(select('TableIdentifier schema_migrations'))).toBe('ANALYSIS.TABLE_NOT_ALLOWED');
    expect(codeOf(select('TableIdentifier other.readings'))).toBe('ANALYSIS.TABLE_NOT_ALLOWED');
    expect(codeOf(select('Function merge (children 1)', ' ExpressionList (children 1)', "  Literal '^r'"))).toBe(
      'ANALYSIS.TABLE_FUNCTION_NOT_ALLOWED',
    );
    expect(
      codeOf(
        ast(
          'SelectWithUnionQuery (children 2)',
          ' ExpressionList (children 1)',
          '  SelectQuery (children 2)',
          '   Set',
          ' Identifier JSONEachRow',
        ),
      ),
    ).toBe('ANALYSIS.SETTINGS_NOT_ALLOWED');
    expect(codeOf(ast('InsertQuery   (children 2)', ' Identifier readings'))).toBe('ANALYSIS.NOT_ONE_SELECT');
    expect(
      codeOf(ast('SelectWithUnionQuery (children 3)', ' ExpressionList (children 1)', " Literal 'x'", ' Identifier JSONEachRow')),
    ).toBe('ANALYSIS.OUTPUT_NOT_ALLOWED');
  });

  it('refuses dictionaries and tables named after IN', () => {
    const where = (...lines: string[]) =>
      ast(
        'SelectWithUnionQuery (children 2)',
        ' ExpressionList (children 1)',
        '  SelectQuery (children 1)',
        '   ExpressionList (children 1)',
        ...lines.map((l) => `    ${l}`),
        ' Identifier JSONEachRow',
      );
    expect(codeOf(where('Function DICTGET (children 1)', ' ExpressionList (children 1)', "  Literal 'd'"))).toBe(
      'ANALYSIS.FUNCTION_NOT_ALLOWED',
    );
    expect(
      codeOf(
        where('Function in (children 1)', ' ExpressionList (children 2)', '  Identifier station_id', '  Identifier readings_1d'),
      ),
    ).toBe('ANALYSIS.TABLE_NOT_ALLOWED');
    expect(
      codeOf(where('Function in (children 1)', ' ExpressionList (children 2)', '  Literal UInt64_1', '  Identifier system.one')),
    ).toBe('ANALYSIS.TABLE_NOT_ALLOWED');
    expect(codeOf(where('Function avg (children 1)', ' ExpressionList (children 1)', '  Identifier r.value'))).toBeNull();
  });
});
