import { z } from 'zod';

/**
 * The list convention of react-admin's `ra-data-simple-rest` (the console's data provider): the
 * query carries `sort=["field","ASC"]`, `range=[start,end]` (inclusive) and `filter={...}`, each as
 * JSON, and the answer is a JSON array with the total in `Content-Range: <resource> start-end/total`.
 * The spec's own `page`/`pageSize` (page numbers from 0) are taken too, for GET /admin/stations.
 */
const json = (name: string) =>
  z.string().transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: `${name} must be JSON.` });
      return z.NEVER;
    }
  });

/** Most rows one page may ask for: the console's biggest page is 50 (spec §9), a bulk pick 100. */
export const MAX_LIST_PAGE = 200;

export type ListQuery<F extends string, Filter> = {
  readonly sort: readonly [F, 'ASC' | 'DESC'];
  readonly range: readonly [number, number];
  readonly filter: Filter;
};

/**
 * The query schema of one list endpoint: which fields it sorts by (the first is the default), which
 * filters it takes (unknown ones are refused, so a typo is a 400 and not an unfiltered list), and
 * its default page size.
 */
export const listQuery = <const F extends readonly [string, ...string[]], S extends z.ZodObject>(options: {
  readonly sortable: F;
  readonly filter: S;
  readonly defaultSort?: readonly [F[number], 'ASC' | 'DESC'];
  readonly pageSize: number;
}) => {
  const Sort = z.tuple([z.enum(options.sortable), z.enum(['ASC', 'DESC'])], {
    error: `sort must be ["field", "ASC" or "DESC"] with field one of ${options.sortable.join(', ')}.`,
  });
  const Range = z
    .tuple([z.number().int().min(0), z.number().int().min(0)], { error: 'range must be [first, last], whole numbers.' })
    .refine(([a, b]) => b >= a, { error: 'range must not end before it starts.' })
    .refine(([a, b]) => b - a < MAX_LIST_PAGE, { error: `range may cover at most ${MAX_LIST_PAGE} rows.` });
  const Filter = options.filter.strict();
  const Page = z.coerce.number().int().min(0).max(1_000_000);
  return z
    .object({
      sort: json('sort').pipe(Sort).optional(),
      range: json('range').pipe(Range).optional(),
      filter: json('filter').pipe(Filter).optional(),
      page: Page.optional(),
      pageSize: z.coerce.number().int().min(1).max(MAX_LIST_PAGE).optional(),
    })
    .transform((q): ListQuery<F[number], z.infer<S>> => {
      const size = q.pageSize ?? options.pageSize;
      const range: readonly [number, number] =
        q.range ?? (q.page !== undefined ? [q.page * size, q.page * size + size - 1] : [0, size - 1]);
      return {
        sort: (q.sort ?? options.defaultSort ?? [options.sortable[0], 'ASC']) as readonly [F[number], 'ASC' | 'DESC'],
        range,
        filter: (q.filter ?? {}) as z.infer<S>,
      };
    });
};

/** The `Content-Range` answer header of a list: `users 0-24/319` (an empty page: `users *` then a slash and the total). */
export const contentRange = (resource: string, start: number, rows: number, total: number): string =>
  rows === 0 ? `${resource} */${total}` : `${resource} ${start}-${start + rows - 1}/${total}`;

/** Ids as the `getMany` call of the data provider sends them (`filter={"id":[1,2]}`). */
export const IdList = z.array(z.number().int().positive()).max(MAX_LIST_PAGE);
/** The free-text search box of a list (`filter={"q":"…"}`). */
export const SearchText = z.string().trim().max(100);
