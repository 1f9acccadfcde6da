import { DomainError } from '@groundtruth/domain';

/**
 * Whether a statement, as ClickHouse's own parser saw it (`EXPLAIN AST`, one node a line, indented
 * by depth), may run as an analysis query. The engine enforces who sees what (the server's
 * `additional_table_filters`); this makes sure nothing in the statement can step around them: a
 * `SETTINGS` clause anywhere (it replaces the server's filters inside a subquery), a table function
 * (`merge()` reads around the filters), a table that is not an analysis table, a dictionary, a write,
 * an output file.
 */
export type StatementScope = {
  /** The tables a query may read, unqualified. */
  readonly analysisTables: ReadonlySet<string>;
  /** The database they live in (a query may name them qualified). */
  readonly database: string;
  /** Every table, view and dictionary of that database (a bare name not among them can only be a CTE). */
  readonly databaseTables: ReadonlySet<string>;
  /** The format the explaining query itself asked for: the parser shows it as the root's last child. */
  readonly explainFormat: string;
};

export type AstNode = { readonly depth: number; readonly type: string; readonly text: string };

/** `EXPLAIN AST` lines as nodes. chDB quotes each line; a server does not. */
export const parseAstLines = (lines: readonly string[]): AstNode[] =>
  lines
    .map((raw) => (raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw))
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const depth = line.length - line.trimStart().length;
      const body = line.trim().replace(/\s+\(children \d+\)$/, '');
      const space = body.indexOf(' ');
      return space < 0
        ? { depth, type: body, text: '' }
        : { depth, type: body.slice(0, space), text: body.slice(space + 1).trim() };
    });

/** Scalar functions that read outside the analysis tables (dictionaries, Join tables, files, models, the server's setup). */
const FORBIDDEN_FUNCTIONS: readonly RegExp[] = [
  /^dict/i,
  /^joinget/i,
  /^file$/i,
  /^hascolumnintable$/i,
  /^catboost/i,
  /^modelevaluate$/i,
  /^naivebayesclassifier$/i,
  /^getserversetting$/i,
  /^getmacro$/i,
  /^filesystem/i,
  /^getclienthttpheader$/i,
  /^globalvariable$/i,
  /^showcertificate$/i,
];

/** The parser's nodes named …Query that a SELECT is made of (every other one is another statement). */
const SELECT_PARTS = new Set(['SelectWithUnionQuery', 'SelectQuery', 'SelectIntersectExceptQuery', 'TablesInSelectQuery']);

const SYSTEM_DATABASES = /^(system|information_schema)\./i;

const refuse = (code: string, message: string): never => {
  throw new DomainError('validation', code, message);
};

/** A node's name without its alias (`readings (alias r)`). */
const nameOf = (text: string): string => text.replace(/\s+\(alias [^)]*\)$/, '').trim();

/** Throws the first reason the statement may not run; returns when it may. */
export const checkStatement = (nodes: readonly AstNode[], scope: StatementScope): void => {
  const root = nodes[0];
  if (!root || root.depth !== 0 || root.type !== 'SelectWithUnionQuery') {
    refuse(
      'ANALYSIS.NOT_ONE_SELECT',
      'Only one SELECT statement (WITH … SELECT, UNION) may run here: no SET, INSERT, CREATE, ALTER or other statements.',
    );
  }
  const rootChildren = nodes.filter((n) => n.depth === 1);
  const extra = rootChildren
    .slice(1)
    .filter((n, i, all) => !(i === all.length - 1 && n.type === 'Identifier' && n.text === scope.explainFormat));
  if (rootChildren[0]?.type !== 'ExpressionList' || extra.length > 0) {
    refuse(
      'ANALYSIS.OUTPUT_NOT_ALLOWED',
      'Leave out INTO OUTFILE and FORMAT: choose the answer’s form with the download buttons (or the Accept header).',
    );
  }
  const allowed = new Set<string>();
  for (const t of scope.analysisTables) {
    allowed.add(t);
    allowed.add(`${scope.database}.${t}`);
  }
  const qualifiedDatabaseTables = new Set([...scope.databaseTables].map((t) => `${scope.database}.${t}`));
  nodes.forEach((node, index) => {
    if (node.type === 'Set' || node.type === 'SetQuery' || node.type === 'SettingsProfileElement') {
      refuse(
        'ANALYSIS.SETTINGS_NOT_ALLOWED',
        'Leave out SETTINGS clauses: the server sets the limits and what you may read, and a query cannot change them.',
      );
    }
    if (/Query$/.test(node.type) && !SELECT_PARTS.has(node.type)) {
      refuse('ANALYSIS.NOT_ONE_SELECT', 'Only SELECT may run here: nothing that writes, creates or changes anything.');
    }
    if (node.type === 'TableIdentifier') {
      const name = nameOf(node.text);
      if (allowed.has(name)) return;
      // A bare name that is no table of the database can only be one of the statement's CTEs (or unknown: the engine says so).
      if (!name.includes('.') && !name.includes('`') && !scope.databaseTables.has(name)) return;
      refuse(
        'ANALYSIS.TABLE_NOT_ALLOWED',
        `Table ${name} cannot be read here. Queries may read only ${[...scope.analysisTables].join(', ')}.`,
      );
    }
    if (node.type === 'Identifier') {
      const name = nameOf(node.text);
      if (SYSTEM_DATABASES.test(name) || scope.databaseTables.has(name) || qualifiedDatabaseTables.has(name)) {
        refuse(
          'ANALYSIS.TABLE_NOT_ALLOWED',
          `${name} cannot be named here as a table: read an analysis table in a subquery instead, such as IN (SELECT station_id FROM readings).`,
        );
      }
    }
    if (node.type === 'Function') {
      const name = nameOf(node.text);
      const parent = parentOf(nodes, index);
      if (parent?.type === 'TableExpression') {
        refuse(
          'ANALYSIS.TABLE_FUNCTION_NOT_ALLOWED',
          `Table function ${name}() cannot be used here: queries may read only ${[...scope.analysisTables].join(', ')}.`,
        );
      }
      if (FORBIDDEN_FUNCTIONS.some((f) => f.test(name))) {
        refuse('ANALYSIS.FUNCTION_NOT_ALLOWED', `Function ${name}() cannot be used here: it reads outside the analysis tables.`);
      }
    }
  });
};

const parentOf = (nodes: readonly AstNode[], index: number): AstNode | undefined => {
  const depth = nodes[index]!.depth;
  for (let i = index - 1; i >= 0; i--) if (nodes[i]!.depth < depth) return nodes[i];
  return undefined;
};
