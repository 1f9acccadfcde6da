import { z } from 'zod';
import { DomainError } from '@groundtruth/domain';
import { parseInput } from './parse-input.js';

const schema = z.object({ name: z.string(), tags: z.array(z.string()).optional() });

const errorOf = (value: unknown): DomainError => {
  try {
    parseInput(schema, value, 'body');
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('Expected a validation error.');
};

describe('parseInput', () => {
  it('answers the parsed value when the input is good, emoji and accents included', () => {
    expect(parseInput(schema, { name: 'Río 😀', tags: ['a'] }, 'body')).toEqual({ name: 'Río 😀', tags: ['a'] });
  });

  it.each([
    ['a NUL character', { name: 'a\u0000b' }, 'name'],
    ['a lone high surrogate', { name: 'x\ud800' }, 'name'],
    ['a lone low surrogate deep in a list', { name: 'ok', tags: ['fine', '\udc00y'] }, 'tags.1'],
    ['an unstorable key', { name: 'ok', ['k\ud800']: 1 }, 'k\ud800'],
  ])('refuses text no store can keep: %s, naming the field', (_what, value, field) => {
    const error = errorOf(value);
    expect(error).toMatchObject({ kind: 'validation', code: 'VALIDATION.FAILED' });
    expect(error.fieldErrors).toEqual({ [field]: 'This text contains characters that cannot be stored.' });
  });

  it('lists every bad field of the schema', () => {
    expect(errorOf({ name: 3, tags: 'x' }).fieldErrors).toEqual({ name: expect.any(String), tags: expect.any(String) });
  });
});
