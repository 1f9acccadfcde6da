import { contentRange, type ListQuery } from '@groundtruth/contracts';
import type { Response } from 'express';

/**
 * A list in react-admin's simple REST convention: the page's rows as the body, the total in the
 * `Content-Range` header (the data provider reads the number after the slash).
 */
export const listAnswer = <T>(
  res: Response,
  resource: string,
  query: Pick<ListQuery<string, unknown>, 'range'>,
  rows: readonly T[],
  total: number,
): readonly T[] => {
  res.setHeader('Content-Range', contentRange(resource, query.range[0], rows.length, total));
  return rows;
};

/** ORDER BY for a list: the column the sort field names (from a fixed map, never the query's text), then the id. */
export const orderBy = <F extends string>(
  columns: Readonly<Record<F, string>>,
  sort: readonly [F, 'ASC' | 'DESC'],
  tieBreak: string,
): string => {
  const [field, direction] = sort;
  const dir = direction === 'DESC' ? 'DESC' : 'ASC';
  const column = columns[field];
  return column === tieBreak ? `ORDER BY ${column} ${dir}` : `ORDER BY ${column} ${dir} NULLS LAST, ${tieBreak} ${dir}`;
};

/** `%text%` for ILIKE, with the pattern characters of the text itself taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
