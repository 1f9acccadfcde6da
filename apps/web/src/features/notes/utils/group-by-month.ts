export type MonthGroup<T> = {
  /** YYYY-MM in the visitor's time zone. */
  readonly key: string;
  /** The first day of the month, for naming it. */
  readonly month: Date;
  readonly items: readonly T[];
};

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Field notes grouped by the month they were written (spec §2), newest month first, each group in the
 * order given (newest first). Items with an unreadable date go in no group.
 */
export const groupByMonth = <T extends { readonly createdAt: string }>(items: readonly T[]): MonthGroup<T>[] => {
  const groups = new Map<string, { month: Date; items: T[] }>();
  for (const item of items) {
    const date = new Date(item.createdAt);
    if (Number.isNaN(date.getTime())) continue;
    const key = `${date.getFullYear()}-${pad(date.getMonth() + 1)}`;
    const group = groups.get(key) ?? { month: new Date(date.getFullYear(), date.getMonth(), 1), items: [] };
    group.items.push(item);
    groups.set(key, group);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([key, group]) => ({ key, month: group.month, items: group.items }));
};
