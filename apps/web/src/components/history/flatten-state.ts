/** One field of a state as the history shows it: its path (`details.name`) and its value. */
export type FieldRow = { readonly path: string; readonly value: unknown };

export type HiddenValue = { readonly $hidden: 'personal' | 'erased' | 'secret' };

/** A value the server would not show (personal, erased or secret): shown as a label, never walked into. */
export const isHiddenValue = (value: unknown): value is HiddenValue =>
  typeof value === 'object' && value !== null && typeof (value as HiddenValue).$hidden === 'string';

/**
 * A state (plain JSON as the audit answers it) as a list of fields: objects are walked key by
 * key, lists and hidden values are one field each, an empty object is one field too.
 */
export const flattenState = (value: unknown, path = ''): FieldRow[] => {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || isHiddenValue(value))
    return [{ path: path || '.', value }];
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return [{ path: path || '.', value }];
  return entries.flatMap(([key, v]) => flattenState(v, path ? `${path}.${key}` : key));
};
