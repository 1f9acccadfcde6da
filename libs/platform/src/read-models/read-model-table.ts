import { BigIntType, EntitySchema, type Type } from '@mikro-orm/core';
import { quoteIdent } from '../projections/projection.js';

/**
 * A read-model table described once: its columns give the row's TypeScript type (`RowOf`), the
 * MikroORM entity the query side reads through, and the DDL a projection (and its rebuild) creates
 * the table with. Rows are what Postgres answers: snake_case columns, `bigint` as a string,
 * `timestamptz` as a `Date`, `jsonb` parsed, so the entity's properties are the column names.
 */
type ColumnSpec = {
  /** MikroORM's mapped type. */
  readonly type: string | (() => Type<unknown>);
  /** The Postgres type, as the DDL spells it. */
  readonly columnType: string;
  readonly nullable: boolean;
  readonly primary: boolean;
  /** SQL default, as the DDL spells it. */
  readonly default?: string;
  /** The only values the column may hold (a check constraint, as MikroORM spells an enum). */
  readonly items?: readonly string[];
};

export class Column<T> {
  /** Never set: carries the column's TypeScript type. */
  declare readonly type: T;
  constructor(readonly spec: ColumnSpec) {}
  nullable(): Column<T | null> {
    return new Column<T | null>({ ...this.spec, nullable: true });
  }
  primary(): Column<T> {
    return new Column<T>({ ...this.spec, primary: true });
  }
  default(sql: string): Column<T> {
    return new Column<T>({ ...this.spec, default: sql });
  }
}

const column = <T>(type: ColumnSpec['type'], columnType: string): Column<T> =>
  new Column<T>({ type, columnType, nullable: false, primary: false });

/** The column types the read models use. */
export const col = {
  // As `pg` answers it: text, which every id and revision fits through `Number()` at the edges.
  bigint: () => column<string>(() => new BigIntType('string'), 'bigint'),
  bigintArray: () => column<string[]>('string[]', 'bigint[]'),
  int: <T extends number = number>() => column<T>('integer', 'int'),
  double: () => column<number>('double', 'double precision'),
  text: <T extends string = string>() => column<T>('text', 'text'),
  /** Text limited to these values. */
  oneOf: <const T extends string>(items: readonly T[]) =>
    new Column<T>({ type: 'text', columnType: 'text', nullable: false, primary: false, items }),
  boolean: () => column<boolean>('boolean', 'boolean'),
  timestamptz: () => column<Date>('datetime', 'timestamptz'),
  jsonb: <T>() => column<T>('json', 'jsonb'),
};

type Columns = Record<string, Column<unknown>>;

/** The row of a table with these columns. */
export type RowOf<C extends Columns> = { -readonly [K in keyof C]: C[K]['type'] };

export type TableIndex = {
  /** The index is named `<table>_<suffix>`, after the physical table, so a rebuild's copies never collide. */
  readonly suffix: string;
  /** What the index covers, as the DDL spells it (columns, `DESC`, expressions, operator classes). */
  readonly on: string;
  readonly where?: string;
  readonly unique?: boolean;
};

export type ReadModelTable<C extends Columns = Columns> = {
  readonly name: string;
  readonly columns: C;
  /** Column names, in the table's order. */
  readonly columnNames: readonly (keyof C & string)[];
  readonly primaryKey: readonly (keyof C & string)[];
  /** The MikroORM entity of the live table. */
  readonly entity: EntitySchema<RowOf<C>>;
  /** DDL for the table and its indexes under a physical name (the live one, or a rebuild's copy). */
  create(table: string): string;
};

const columnDdl = (name: string, c: ColumnSpec, inlinePrimary: boolean): string =>
  [
    name,
    c.columnType,
    inlinePrimary ? 'PRIMARY KEY' : c.nullable ? '' : 'NOT NULL',
    c.default === undefined ? '' : `DEFAULT ${c.default}`,
    c.items === undefined ? '' : `CHECK (${name} IN (${c.items.map((i) => `'${i.replace(/'/g, "''")}'`).join(', ')}))`,
  ]
    .filter(Boolean)
    .join(' ');

const indexDdl = (table: string, i: TableIndex): string =>
  `CREATE ${i.unique ? 'UNIQUE ' : ''}INDEX ${quoteIdent(`${table}_${i.suffix}`)} ON ${table} (${i.on})${i.where ? ` WHERE ${i.where}` : ''};`;

export const readModelTable = <C extends Columns>(
  name: string,
  columns: C,
  options: { readonly indexes?: readonly TableIndex[] } = {},
): ReadModelTable<C> => {
  quoteIdent(name);
  const columnNames = Object.keys(columns) as (keyof C & string)[];
  for (const c of columnNames) quoteIdent(c);
  const primaryKey = columnNames.filter((c) => columns[c]!.spec.primary);
  if (primaryKey.length === 0) throw new Error(`Read-model table ${name} has no primary key`);
  const indexes = options.indexes ?? [];
  const create = (table: string): string => {
    const t = quoteIdent(table);
    const lines = columnNames.map((c) => columnDdl(c, columns[c]!.spec, primaryKey.length === 1 && primaryKey[0] === c));
    if (primaryKey.length > 1) lines.push(`PRIMARY KEY (${primaryKey.join(', ')})`);
    const statements = [`CREATE TABLE ${t} (\n  ${lines.join(',\n  ')}\n);`];
    for (const i of indexes) statements.push(indexDdl(t, i));
    return statements.join('\n');
  };
  const entity = new EntitySchema<RowOf<C>>({
    name,
    tableName: name,
    properties: Object.fromEntries(
      columnNames.map((c) => {
        const s = columns[c]!.spec;
        return [
          c,
          {
            type: typeof s.type === 'function' ? s.type() : s.type,
            columnType: s.columnType,
            fieldName: c,
            nullable: s.nullable,
            primary: s.primary,
            // Keys come from the events (or the id allocator), never from a sequence.
            ...(s.primary ? { autoincrement: false } : {}),
            ...(s.default === undefined ? {} : { defaultRaw: s.default }),
            ...(s.items === undefined ? {} : { enum: true, items: [...s.items] }),
          },
        ];
      }),
    ) as never,
    // MikroORM's schema tools see the same indexes, by their live names.
    indexes: indexes.filter((i) => !i.unique).map((i) => ({ name: `${name}_${i.suffix}`, expression: indexDdl(name, i) })),
    uniques: indexes.filter((i) => i.unique).map((i) => ({ name: `${name}_${i.suffix}`, expression: indexDdl(name, i) })),
  });
  return { name, columns, columnNames, primaryKey, entity, create };
};

/**
 * SQL reading whole rows of a table, its columns named from its description: for a hot read where
 * what em.find adds (query building, hydration) shows against the query itself (docs/read-models.md).
 */
export const selectRows = (table: { readonly name: string; readonly columnNames: readonly string[] }, rest: string): string =>
  `SELECT ${table.columnNames.join(', ')} FROM ${table.name} ${rest}`;
