import type { Response } from 'express';
import { inAskedForm, wantsColumns } from './wants-columns.js';

const response = () => {
  const headers: Record<string, string> = {};
  return {
    headers,
    res: {
      vary: (field: string) => (headers['vary'] = field),
      type: (type: string) => (headers['content-type'] = type),
    } as unknown as Response,
  };
};

describe('inAskedForm', () => {
  const columns = { format: 'columns' as const, accept: undefined };

  it('makes the columns of an answer once: the same answer asked again (from a cache) is not converted again', () => {
    let made = 0;
    const toColumns = (rows: { n: number[] }) => ({ made: ++made, n: rows.n.length });
    const answer = { n: [1, 2, 3] };
    const first = inAskedForm(response().res, columns, answer, toColumns);
    const again = inAskedForm(response().res, columns, answer, toColumns);
    expect(again).toBe(first);
    expect(made).toBe(1);
    // control: another answer object, even equal in content, is converted
    expect(inAskedForm(response().res, columns, { n: [1, 2, 3] }, toColumns)).toEqual({ made: 2, n: 3 });
  });

  it('answers the rows as they are unless columns are asked for, and varies on Accept either way', () => {
    const { res, headers } = response();
    const answer = { n: [1] };
    expect(inAskedForm(res, { format: undefined, accept: 'application/json' }, answer, () => 'columns')).toBe(answer);
    expect(headers['vary']).toBe('Accept');
    expect(headers['content-type']).toBeUndefined();
  });

  it('reads the ask from format first, then from Accept', () => {
    expect(wantsColumns('rows', 'application/vnd.groundtruth.columns+json')).toBe(false);
    expect(wantsColumns(undefined, 'application/json')).toBe(false);
  });
});
