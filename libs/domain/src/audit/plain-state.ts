/**
 * A state as plain JSON: Maps become objects (keys as text), Sets sorted arrays, undefined fields
 * dropped. Deciders keep Maps and Sets; what the audit shows, diffs and compares is this.
 */
export type Plain = null | boolean | number | string | readonly Plain[] | { readonly [key: string]: Plain };

const compare = (a: Plain, b: Plain): number => {
  const x = JSON.stringify(a);
  const y = JSON.stringify(b);
  return x < y ? -1 : x > y ? 1 : 0;
};

export const toPlain = (value: unknown): Plain => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Map) {
    const out: Record<string, Plain> = {};
    for (const [k, v] of value as Map<unknown, unknown>) out[String(k)] = toPlain(v);
    return out;
  }
  if (value instanceof Set) return [...(value as Set<unknown>)].map(toPlain).sort(compare);
  if (Array.isArray(value)) return value.map(toPlain);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const out: Record<string, Plain> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) if (v !== undefined) out[k] = toPlain(v);
    return out;
  }
  return null;
};

/** One field that differs between two states: its path (`details.name`), and the values before and after (null: absent). */
export type FieldChange = { readonly path: string; readonly before: Plain | null; readonly after: Plain | null };

/** An object to walk into: not a list, and not a hidden value's marker (`{ $hidden }`), which is one value. */
const isObject = (v: Plain | undefined): v is { readonly [key: string]: Plain } =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !('$hidden' in v);

/**
 * The field-by-field difference between two plain states, in path order. Objects are walked key by
 * key; arrays and scalars are compared whole (a list's change is one change).
 */
export const diffPlain = (before: Plain | undefined, after: Plain | undefined, path = ''): FieldChange[] => {
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((k) => diffPlain(before[k], after[k], path ? `${path}.${k}` : k));
  }
  if (JSON.stringify(before ?? null) === JSON.stringify(after ?? null)) return [];
  // A whole object appearing or going: one change per leaf, so a created aggregate lists its fields.
  if (isObject(after) && before === undefined) return diffPlain({}, after, path);
  if (isObject(before) && after === undefined) return diffPlain(before, {}, path);
  return [{ path: path || '.', before: before ?? null, after: after ?? null }];
};
