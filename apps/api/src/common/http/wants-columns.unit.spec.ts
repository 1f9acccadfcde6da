import type { Response } from 'express';
import { inAskedForm, jsonOnce, wantsColumns } from './wants-columns.js';

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

describe('jsonOnce', () => {
  /** A response as express makes it, reduced to what jsonOnce and express's own json use. */
  const sending = () => {
    const sent: string[] = [];
    const headers: Record<string, string> = {};
    const res = {
      get: (name: string) => headers[name.toLowerCase()],
      type: (type: string) => ((headers['content-type'] = type), res),
      send: (text: string) => (sent.push(text), res),
      json: (body: unknown) => (sent.push(`express:${JSON.stringify(body)}`), res),
    } as unknown as Response;
    jsonOnce()({} as never, res, () => undefined);
    return { res, sent, headers };
  };

  it('sends an answer given by inAskedForm as the text written the first time it was sent', () => {
    const answer = { n: [1, 2, 3] };
    const given = inAskedForm(response().res, { format: 'rows', accept: undefined }, answer, () => null);
    const first = sending();
    first.res.json(given);
    expect(first.sent).toEqual(['{"n":[1,2,3]}']);
    expect(first.headers['content-type']).toBe('application/json');
    // Answers are not changed once answered; had one been, the kept text shows it was not written again.
    answer.n.push(4);
    const again = sending();
    again.res.json(given);
    expect(again.sent).toEqual(['{"n":[1,2,3]}']);
  });

  it('leaves every other answer to express (control: written anew each time)', () => {
    const other = { n: [1] };
    const a = sending();
    a.res.json(other);
    other.n.push(2);
    const b = sending();
    b.res.json(other);
    expect([...a.sent, ...b.sent]).toEqual(['express:{"n":[1]}', 'express:{"n":[1,2]}']);
  });
});
