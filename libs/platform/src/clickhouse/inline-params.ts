/**
 * A statement's `{name:Type}` parameters written into it as typed literals (`CAST(… AS Type)`).
 *
 * chDB (3.4) runs every statement that carries parameters through one chain for the whole process,
 * whatever its session: its parameter state is not kept per connection, and two bound statements on
 * two sessions at once gave wrong values or aborted the engine. Statements without parameters run
 * side by side on their sessions. The chart sessions therefore send their statements with the
 * parameters written in, which is as safe as binding for the values charts use (numbers, arrays of
 * numbers, strings quoted here) and keeps the type each placeholder names.
 */
export type QueryParams = Record<string, unknown>;

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*):([^{}]+)\}/g;

export function inlineQueryParams(sql: string, params: QueryParams | undefined): string {
  if (params === undefined || Object.keys(params).length === 0) return sql;
  return sql.replace(PLACEHOLDER, (_whole, name: string, type: string) => {
    if (!Object.hasOwn(params, name)) throw new Error(`Query parameter ${name} is not given`);
    return `CAST(${literal(params[name], name)} AS ${checkedType(type.trim(), name)})`;
  });
}

/** Types are the statement's own text; anything beyond a type name with nested arguments is refused. */
const checkedType = (type: string, name: string): string => {
  if (!/^[A-Za-z0-9_]+(?:\([A-Za-z0-9_, ()']*\))?$/.test(type))
    throw new Error(`Query parameter ${name} has an unusual type ${type}`);
  return type;
};

function literal(value: unknown, name: string): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Query parameter ${name} is not a finite number`);
    return String(value);
  }
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (Array.isArray(value)) return `[${value.map((v) => literal(v, name)).join(',')}]`;
  throw new Error(`Query parameter ${name} has a value that cannot be written as a literal`);
}
