import type { NextFunction, Request, Response } from 'express';
import { COLUMNS_MEDIA_TYPE } from '@groundtruth/contracts';

/**
 * Whether a call asks for the compact columns form (chart data, map stations): `format` decides when
 * given; else an Accept naming the columns type (and not preferring JSON over it).
 */
export const wantsColumns = (format: 'rows' | 'columns' | undefined, accept: string | undefined): boolean => {
  if (format) return format === 'columns';
  return (accept ?? '').split(',').some((part) => part.trim().split(';')[0]!.trim().toLowerCase() === COLUMNS_MEDIA_TYPE);
};

/** Each answer's columns: an answer kept in a cache of answers is the same object each time (and one route's). */
const formed = new WeakMap<object, unknown>();

const columnsOnce = <Rows, Columns>(answer: Rows, toColumns: (rows: Rows) => Columns): Columns => {
  if (typeof answer !== 'object' || answer === null) return toColumns(answer);
  if (formed.has(answer)) return formed.get(answer) as Columns;
  const columns = toColumns(answer);
  formed.set(answer, columns);
  return columns;
};

/** Answers that may be answered again as the same object, with their JSON text once written. */
const texts = new WeakMap<object, string | undefined>();

/**
 * Writes the JSON of an answer given by inAskedForm once: the same answer object sent again (a chart
 * from the cache of answers) is sent as the text written the first time. JSON.stringify of a year
 * chart's columns was a tenth of its call's CPU when answered from the cache.
 */
export const jsonOnce = () => (_req: Request, res: Response, next: NextFunction) => {
  const json = res.json.bind(res);
  res.json = function jsonOnce(this: Response, body?: unknown) {
    if (typeof body !== 'object' || body === null || !texts.has(body)) return json(body);
    let text = texts.get(body);
    if (text === undefined) {
      text = JSON.stringify(body);
      texts.set(body, text);
    }
    if (!this.get('Content-Type')) this.type('application/json');
    return this.send(text);
  };
  next();
};

const keep = <T>(answer: T): T => {
  if (typeof answer === 'object' && answer !== null && !texts.has(answer)) texts.set(answer, undefined);
  return answer;
};

/**
 * The answer in the form the call asks for: as it is, or turned into columns and typed as such. Either
 * way the answer varies with Accept, which caches must know. The columns of an answer are made once
 * (a chart answer asked again comes from the cache as the same object, and its columns cost more
 * than the rest of the call: every value is written at its recorded precision), and so is its JSON
 * text (jsonOnce), so answers must not be changed once answered.
 */
export const inAskedForm = <Rows, Columns>(
  res: Response,
  ask: { readonly format: 'rows' | 'columns' | undefined; readonly accept: string | undefined },
  answer: Rows,
  toColumns: (rows: Rows) => Columns,
): Rows | Columns => {
  res.vary('Accept');
  if (!wantsColumns(ask.format, ask.accept)) return keep(answer);
  res.type(COLUMNS_MEDIA_TYPE);
  return keep(columnsOnce(answer, toColumns));
};
